import { Laptop, LogOut, Smartphone } from "lucide-react";
import type { OwnSession } from "../../../../core/schemas/auth";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, formatInZone } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import { useEndOtherSessions, useEndSession, useSessions } from "../api";

const PHONES = new Set(["iPhone", "Android phone"]);

/**
 * Where you are signed in: each device by name, this one marked, when it signed in and was last
 * used (to the day); any other can be signed out, or all of them at once.
 */
export function SessionsList({ timeZone }: { timeZone: string }) {
  const { data: sessions, isPending, isError } = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const busy = endOne.isPending || endOthers.isPending;
  const failed = (error: unknown) =>
    toast({
      title: "Not Signed Out",
      description: errorMessage(error, "Could not sign that device out. Please try again."),
      variant: "destructive",
    });
  const done = (result: { message: string }) =>
    toast({ title: "Signed Out", description: result.message, variant: "success" });

  if (isPending) return <p className="text-slate-500">Loading your devices…</p>;
  if (isError || !sessions) return <p className="text-slate-500">Your devices could not be loaded.</p>;
  const others = sessions.filter((s) => !s.current);
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold text-slate-900">Where you're signed in</h3>
      <ul className="grid divide-y divide-slate-100" aria-label="Your sessions">
        {sessions.map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            timeZone={timeZone}
            busy={busy}
            onEnd={() => endOne.mutate(s.id, { onSuccess: done, onError: failed })}
          />
        ))}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="outline"
          className="w-full sm:w-fit"
          disabled={busy}
          onClick={() => endOthers.mutate(undefined, { onSuccess: done, onError: failed })}
        >
          <LogOut aria-hidden="true" /> Sign Out All Other Devices
        </Button>
      ) : null}
    </div>
  );
}

function SessionRow({
  session: s,
  timeZone,
  busy,
  onEnd,
}: {
  session: OwnSession;
  timeZone: string;
  busy: boolean;
  onEnd: () => void;
}) {
  const Icon = PHONES.has(s.device) ? Smartphone : Laptop;
  const name = `${s.browser} on ${s.device}`;
  return (
    <li className="flex items-center gap-3 py-2.5">
      <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {name}
          {s.current ? (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          Signed in {formatInZone(s.createdAt, timeZone)}
          {s.current ? " · active now" : ` · last active ${formatDate(s.lastSeenAt, { timeZone })}`}
        </p>
      </div>
      {s.current ? null : (
        <Button variant="outline" size="sm" disabled={busy} onClick={onEnd} aria-label={`Sign out ${name}`}>
          Sign Out
        </Button>
      )}
    </li>
  );
}
