import { LogOut } from "lucide-react";
import type { MemberDetail } from "../../../../../core/schemas/admin-member";
import { Button } from "../../../../components/ui/button";
import { toast } from "../../../../components/ui/use-toast";
import { formatInZone } from "../../../../lib/format";
import { errorMessage } from "../../../../lib/utils";
import { useEndSessions } from "../../member-api";
import { ListCard } from "./member-lists-card";

/** The member's signed-in devices; an admin can end one or all (their next request signs them out). */
export function MemberSessionsCard({ member, timeZone }: { member: MemberDetail; timeZone: string }) {
  const end = useEndSessions();
  const when = (iso: string) => formatInZone(iso, timeZone);
  const run = (sessionId?: number) =>
    end.mutate(
      { id: member.profile.id, sessionId },
      {
        onSuccess: (r) => toast({ title: "Sessions Ended", description: r.message }),
        onError: (e) =>
          toast({
            title: "Error",
            description: errorMessage(e, "Could not end the session."),
            variant: "destructive",
          }),
      },
    );
  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <ListCard title="Active Sessions" empty="No active sessions.">
        {member.sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 py-2.5">
            <div className="min-w-0 flex-1">
              <p className="font-mono text-sm text-slate-900">Device {s.device ?? "unknown"}</p>
              {s.userAgent ? <p className="truncate text-xs text-slate-500">{s.userAgent}</p> : null}
              <p className="text-xs text-slate-500">
                Signed in {when(s.createdAt)} · last seen {when(s.lastSeenAt)} · expires {when(s.expiresAt)}
              </p>
            </div>
            <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => run(s.id)}>
              <LogOut aria-hidden="true" /> End
              <span className="sr-only"> session {s.id}</span>
            </Button>
          </li>
        ))}
      </ListCard>
      {member.sessions.length > 1 ? (
        <Button variant="outline" className="w-fit" disabled={end.isPending} onClick={() => run()}>
          End All Sessions
        </Button>
      ) : null}
    </div>
  );
}
