import { CalendarDays, Info, MessageCircle, Trophy, Users, Zap } from "lucide-react";
import type { Group } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDate } from "../../../lib/format";
import { useTimeZone } from "../../auth/use-time-zone";
import { CardHeading } from "./group-badges";

/** The group competition card's anchor, for Quick Actions to take members to it. */
export const GROUP_COMPETITION_ID = "group-competition";

/**
 * Quick Actions: Group Chat (members; opens and closes the chat), and the group's round: Start
 * Competition for its admins while none is to come or running (opens its schedule), View Group
 * Competition for everyone else (the round on this page; rounds never show on /competitions).
 */
export function QuickActions({
  chatOpen,
  onToggleChat,
  onStartCompetition,
}: {
  chatOpen: boolean;
  onToggleChat: (() => void) | null;
  onStartCompetition: (() => void) | null;
}) {
  return (
    <Card>
      <CardHeading icon={Zap} iconClassName="text-amber-500">
        Quick Actions
      </CardHeading>
      <CardContent className="grid gap-2">
        {onToggleChat ? (
          <Button variant="outline" className="justify-start" onClick={onToggleChat} aria-expanded={chatOpen}>
            <MessageCircle aria-hidden="true" /> Group Chat
          </Button>
        ) : null}
        {onStartCompetition ? (
          <Button variant="outline" className="justify-start" onClick={onStartCompetition}>
            <Trophy aria-hidden="true" /> Start Competition
          </Button>
        ) : (
          <Button asChild variant="outline" className="justify-start">
            <a href={`#${GROUP_COMPETITION_ID}`}>
              <Trophy aria-hidden="true" /> View Group Competition
            </a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Group Info: when it was created and how many members it has. */
export function GroupInfoCard({ group }: { group: Pick<Group, "createdAt" | "memberCount"> }) {
  const timeZone = useTimeZone();
  return (
    <Card>
      <CardHeading icon={Info} iconClassName="text-slate-600">
        Group Info
      </CardHeading>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="flex items-center gap-1.5 text-slate-600">
              <CalendarDays className="size-4" aria-hidden="true" /> Created
            </dt>
            <dd className="font-semibold text-slate-900">{formatDate(group.createdAt, { timeZone })}</dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="flex items-center gap-1.5 text-slate-600">
              <Users className="size-4" aria-hidden="true" /> Members
            </dt>
            <dd className="font-semibold text-slate-900">{group.memberCount}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
