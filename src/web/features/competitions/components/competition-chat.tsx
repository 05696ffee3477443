import { COMPETITION_CHAT_POLL_MS } from "../../../../core/constants";
import { ChatPanel } from "../../../components/chat/chat-panel";
import { competitionKeys, fetchCompetitionMessages, postCompetitionMessage } from "../api";
import { chatTitle } from "../competition-view";

/** The competition chat: participants and site admins, polled every 5 s. */
export function CompetitionChat({
  competitionId,
  name,
  viewerId,
}: {
  competitionId: number;
  name: string;
  viewerId: number | undefined;
}) {
  return (
    <ChatPanel
      title={chatTitle(name)}
      queryKey={competitionKeys.messages(competitionId)}
      fetchMessages={(signal) => fetchCompetitionMessages(competitionId, signal)}
      sendMessage={(message) => postCompetitionMessage(competitionId, message)}
      pollMs={COMPETITION_CHAT_POLL_MS}
      viewerId={viewerId}
      className="border-emerald-100 shadow-none"
    />
  );
}
