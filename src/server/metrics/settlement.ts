import { sql } from "drizzle-orm";
import type { Registry } from "prom-client";
import type { AppContext } from "../context";
import { queryRows } from "../db/client";
import { gaugeFromReading, secondsSince, sharedReading } from "./readings";
import { METRIC_PREFIX } from "./registry";

export type SettlementBacklog = {
  /** Past their end and grace period, not settled, and not waiting on an admin's review. */
  overdue: number;
  /** Seconds since the oldest of those became due (its end plus the grace period); 0 when none. */
  lagSeconds: number;
  /** Held for an admin's step review (DESIGN 1): they wait by design, and are counted apart. */
  held: number;
};

/**
 * The competitions (groups' rounds included, they are competitions too) that the settlement job
 * should have settled by the app's clock, in one query on the partial index of unsettled
 * competitions (`competitions_open_idx`). A held competition whose settlement then failed
 * (`settle_attempts` > 0) is overdue again: nobody is reviewing a failure.
 */
export async function readSettlementBacklog(ctx: AppContext): Promise<SettlementBacklog> {
  const now = ctx.clock.now();
  const due = new Date(now.getTime() - ctx.config.settlementGraceMs);
  const [row] = await queryRows<{ overdue: number; oldest: Date | string | null; held: number }>(
    ctx.db,
    sql`select count(*) filter (where not held)::int as overdue, min(end_date) filter (where not held) as oldest,
        count(*) filter (where held)::int as held
      from (select end_date, settlement = 'held' and settle_attempts = 0 as held from competitions
        where deleted_at is null and settled_at is null and end_date <= ${due}) unsettled`,
  );
  return {
    overdue: row.overdue,
    lagSeconds: secondsSince(due, row.oldest === null ? null : new Date(row.oldest)),
    held: row.held,
  };
}

/** Settlement lag: how long the oldest due competition has waited, and how many wait. */
export function watchSettlement(ctx: AppContext, registry: Registry): void {
  const reading = sharedReading(ctx.log, "settlement backlog", () => readSettlementBacklog(ctx));
  gaugeFromReading({
    registry,
    name: `${METRIC_PREFIX}settlement_lag_seconds`,
    help: "Seconds since the oldest unsettled competition passed its end and grace period (0: none waits)",
    reading,
    set: (gauge, b) => gauge.set(b.lagSeconds),
  });
  gaugeFromReading({
    registry,
    name: `${METRIC_PREFIX}settlement_overdue_competitions`,
    help: "Competitions past their end and grace period and not settled (held for review excluded)",
    reading,
    set: (gauge, b) => gauge.set(b.overdue),
  });
  gaugeFromReading({
    registry,
    name: `${METRIC_PREFIX}settlement_held_competitions`,
    help: "Competitions past their grace period whose payout is held for an admin's step review",
    reading,
    set: (gauge, b) => gauge.set(b.held),
  });
}
