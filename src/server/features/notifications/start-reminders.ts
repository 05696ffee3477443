import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";

const HOUR = 3600_000;
/** A start missed by longer than this (the servers were down) is not announced any more. */
const STARTED_LOOKBACK_MS = 6 * HOUR;

/**
 * The competition lifecycle's notifications (competitions and group rounds alike): "starts in one
 * hour" once a competition with participants is inside its last hour before the start, "has
 * started" once it has. Each queues one fan-out, once per competition (its dedupe key), however
 * many processes tick; a competition still without participants is looked at again next tick.
 */
export async function queueStartNotifications(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const inAnHour = new Date(now.getTime() + HOUR);
  const lookback = new Date(now.getTime() - STARTED_LOOKBACK_MS);
  // Both read the open competitions' partial index (not settled, not deleted) by their end.
  await ctx.db.execute(sql`insert into notification_fanouts (type, payload, dedupe_key, run_at, created_at)
    select 'competition_starting', jsonb_build_object('competitionId', id), 'competition_starting:competition:' || id, ${now}, ${now}
    from competitions
    where deleted_at is null and settled_at is null and end_date > ${now}
      and start_date > ${now} and start_date <= ${inAnHour} and participant_count > 0
    on conflict (dedupe_key) do nothing`);
  await ctx.db.execute(sql`insert into notification_fanouts (type, payload, dedupe_key, run_at, created_at)
    select 'competition_started', jsonb_build_object('competitionId', id), 'competition_started:competition:' || id, ${now}, ${now}
    from competitions
    where deleted_at is null and settled_at is null and end_date > ${now}
      and start_date <= ${now} and start_date > ${lookback} and participant_count > 0
    on conflict (dedupe_key) do nothing`);
}
