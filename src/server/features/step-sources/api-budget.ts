import type { AppContext } from "../../context";
import { countAttempt } from "../../http/rate-limit-store";

// A vendor's request budget for the whole application, shared by every process through the
// database (rate_limit_counters): Withings allows an application 120 requests a minute in all.
// Counted in windows of 6 s of at most 10 requests, so that any 60 s (which meets at most 11 such
// windows) holds at most 110: under the limit whatever the windows' phase. Webhook-driven work
// may use a whole window; polling and the backfill only the first 7 of each, so a burst of
// polling always leaves room for what a webhook announced.

export const BUDGET_WINDOW_MS = 6_000;
export const BUDGET_PER_WINDOW = 10;
const POLLING_SHARE = 7;

export type BudgetUse = "notified" | "polling";

/** Takes one request from the vendor's budget; false when this window has none left for `use`. */
export async function takeRequest(ctx: AppContext, vendor: string, use: BudgetUse): Promise<boolean> {
  const { current } = await countAttempt(ctx.db, ctx.clock.now(), `step-source:${vendor}`, BUDGET_WINDOW_MS);
  return current <= (use === "notified" ? BUDGET_PER_WINDOW : POLLING_SHARE);
}
