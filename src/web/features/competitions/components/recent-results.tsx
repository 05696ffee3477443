import { Flag, Hourglass, ListOrdered, ShieldAlert, Trophy } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import type { Competition } from "../../../../core/schemas/competitions";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { formatInZone } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { useTimeZone } from "../../auth/use-time-zone";
import { fc, resultSummary } from "../competition-view";

// Opened from a result: its form is not part of the list's first load.
const DisputeDialog = lazyDialog(async () => (await import("./dispute-dialog")).DisputeDialog);

function Notice({ icon: Icon, title, children }: { icon: typeof Trophy; title: string; children: string }) {
  return (
    <div className="flex items-start gap-3 rounded-xl bg-amber-50 p-3 text-amber-950">
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-bold">{title}</p>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}

function Results({ competition: c, viewerId }: { competition: Competition; viewerId: number | undefined }) {
  if (c.settlement === "under_review") {
    return (
      <Notice icon={ShieldAlert} title="Results under review">
        An admin is checking the results before prizes are paid.
      </Notice>
    );
  }
  if (c.settlement === "refunded") {
    return (
      <Notice icon={Flag} title="Entry fees refunded">
        Nobody walked steps during the competition, so every entry fee was refunded.
      </Notice>
    );
  }
  if (c.settlement !== "settled") {
    return (
      <Notice icon={Hourglass} title="Results coming soon">
        Late step syncs are still being counted. Prizes are paid a few minutes after the end.
      </Notice>
    );
  }
  return (
    <ol className="grid gap-1" aria-label={`${c.name} results`}>
      {c.results.map((r) => {
        const own = r.userId === viewerId;
        return (
          <li
            key={r.userId}
            className={cn(
              "grid grid-cols-[2rem_1fr_auto] items-center gap-2 rounded-xl px-2 py-1.5 text-sm",
              own ? "bg-emerald-50 font-semibold ring-1 ring-emerald-200" : "bg-slate-50",
            )}
          >
            <span className="font-bold tabular-nums">#{r.position}</span>
            <span className="min-w-0 truncate">
              {r.firstName} {r.lastName}
              {own ? " (You)" : ""}
              <span className="block text-xs font-normal text-slate-600">{formatCount(r.steps)} steps</span>
            </span>
            <span
              className={cn("font-bold tabular-nums", r.prize > 0 ? "text-emerald-700" : "text-slate-500")}
            >
              {r.prize > 0 ? `+${fc(r.prize)}` : "-"}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A participant's competitions that ended in the last days: results, or why they are not final. */
export function RecentResults({
  competitions,
  viewerId,
}: {
  competitions: Competition[];
  viewerId: number | undefined;
}) {
  const [disputing, setDisputing] = useState<Competition | null>(null);
  const timeZone = useTimeZone();
  return (
    <section className="grid gap-3" aria-labelledby="recent-results">
      <h2 id="recent-results" className="text-lg font-bold">
        Recent Results
      </h2>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {competitions.map((c) => (
          <Card key={c.id} role="article" aria-label={`${c.name} results`}>
            <CardHeader className="pb-2">
              <CardTitle className="flex items-center gap-2 text-base">
                <Trophy className="size-5 text-amber-500" aria-hidden="true" /> {c.name}
              </CardTitle>
              <p className="text-xs text-slate-600">
                Ended {formatInZone(c.endDate, timeZone)} · {resultSummary(c)}
              </p>
            </CardHeader>
            <CardContent className="grid gap-3">
              <Results competition={c} viewerId={viewerId} />
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link href={`/competitions/${c.id}/standings`}>
                    <ListOrdered aria-hidden="true" /> Final standings
                  </Link>
                </Button>
                {c.canDispute ? (
                  <Button variant="outline" size="sm" onClick={() => setDisputing(c)}>
                    <Flag aria-hidden="true" /> Open a dispute
                  </Button>
                ) : null}
              </div>
            </CardContent>
          </Card>
        ))}
      </div>
      {disputing ? (
        <DisputeDialog competition={disputing} open onOpenChange={(open) => !open && setDisputing(null)} />
      ) : null}
    </section>
  );
}
