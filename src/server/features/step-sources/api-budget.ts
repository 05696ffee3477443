import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/client";

// A vendor's request budget for the whole application, shared by every process through the
// database (rate_limit_counters): Withings allows an application 120 requests a minute in all.
// Counted in windows of 6 s of at most 10 requests, so that any 60 s (which meets at most 11 such
// windows) holds at most 110: under the limit whatever the windows' phase. Webhook-driven work
// may use a whole window; polling and the backfill only the first 7 of each, so a burst of
// polling always leaves room for what a webhook announced. A request the window has no room for
// takes nothing from it.

export const BUDGET_WINDOW_MS = 6_000;
export const BUDGET_PER_WINDOW = 10;
export const POLLING_SHARE = 7;

export type BudgetUse = "notified" | "polling";

/** Takes one request from the vendor's budget; false (nothing taken) when this window has no room for `use`. */
export async function takeRequest(ctx: AppContext, vendor: string, use: BudgetUse): Promise<boolean> {
  const now = ctx.clock.now();
  const limit = use === "notified" ? BUDGET_PER_WINDOW : POLLING_SHARE;
  const resetAt = new Date(now.getTime() + BUDGET_WINDOW_MS);
  // One statement, atomic under concurrency: a new window, or one more in this one while below the limit.
  const rows = await queryRows<{ count: number }>(
    ctx.db,
    sql`insert into rate_limit_counters (key, count, reset_at) values (${`step-source:${vendor}`}, 1, ${resetAt})
      on conflict (key) do update set
        count = case when rate_limit_counters.reset_at <= ${now} then 1 else rate_limit_counters.count + 1 end,
        reset_at = case when rate_limit_counters.reset_at <= ${now} then excluded.reset_at
          else rate_limit_counters.reset_at end
      where rate_limit_counters.reset_at <= ${now} or rate_limit_counters.count < ${limit}
      returning count`,
  );
  return rows.length > 0;
}
