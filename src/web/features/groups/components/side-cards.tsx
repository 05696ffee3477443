import { CalendarDays, Info, MessageCircle, Trophy, Users, Zap } from "lucide-react";
import { Link } from "wouter";
import type { Group } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDate } from "../../../lib/format";
import { useTimeZone } from "../../auth/use-time-zone";
import { CardHeading } from "./group-badges";

/** Quick Actions: Group Chat (members; opens and closes the chat) and Start Competition. */
export function QuickActions({
  chatOpen,
  onToggleChat,
}: {
  chatOpen: boolean;
  onToggleChat: (() => void) | null;
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
        <Button asChild variant="outline" className="justify-start">
          <Link href="/competitions">
            <Trophy aria-hidden="true" /> Start Competition
          </Link>
        </Button>
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
