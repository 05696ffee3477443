import { GROUP_CHAT_POLL_MS } from "../../../../core/constants";
import { ChatPanel } from "../../../components/chat/chat-panel";
import { chatTitle } from "../../../components/chat/chat-title";
import { fetchGroupMessages, groupKeys, postGroupMessage } from "../api";
import { groupChatTime, toChatMessage } from "../group-view";

/**
 * The group chat (specification 2 section 2): the shared chat panel, polled every 3 s, the
 * viewer's own messages on the right, times as a time under 24 hours old, then date and time.
 */
export function GroupChat({ groupId, name, viewerId }: { groupId: number; name: string; viewerId: number }) {
  return (
    <ChatPanel
      title={chatTitle(name, "Group")}
      queryKey={groupKeys.messages(groupId)}
      fetchMessages={async (signal) => (await fetchGroupMessages(groupId, signal)).map(toChatMessage)}
      sendMessage={(message) => postGroupMessage(groupId, message)}
      pollMs={GROUP_CHAT_POLL_MS}
      viewerId={viewerId}
      emptyTitle="No messages yet. Start the conversation!"
      emptyText={null}
      formatTime={(now, at) => groupChatTime(now, at)}
      sentToast={null}
    />
  );
}
