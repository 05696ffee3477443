import { formatMinor, parseMinor } from "../../../core/money";
import { NEED_PARAM, safeReturnPath, sitePathUrl } from "../../app/return-path";

/*
 * Adding FitCoins for a join (issue 32 item 1). The member arrives at /wallet?need=25.00&returnTo=...
 * (walletPathFor); the wallet plans one card deposit (when its dollars are short) and one
 * conversion. The checkout then carries the conversion too (convert=29.42), through the provider's
 * redirect if it makes one, so whichever page learns that the payment went through converts, and
 * only a member who then holds `need` is taken back to `returnTo`.
 */

/** The dollars to convert once the deposit is in ("29.42"). */
export const CONVERT_PARAM = "convert";
/** Set on the wallet when a top-up's payment went through but its conversion did not. */
export const TOP_UP_FAILED_PARAM = "topup";

/** Why the member came to the wallet: to hold `need` FitCoins (hundredths), then go back. */
export interface TopUpGoal {
  need: number;
  returnTo: string;
}

/** A top-up under way: its card payment converts `convertCents` once booked. */
export interface PendingTopUp extends TopUpGoal {
  convertCents: number;
}

function positiveMinor(raw: string | null): number | null {
  const minor = raw === null ? null : parseMinor(raw);
  return minor !== null && minor > 0 ? minor : null;
}

/** The goal in the address, when it names both a positive amount and a same-site page. */
export function readTopUpGoal(params: URLSearchParams): TopUpGoal | null {
  const need = positiveMinor(params.get(NEED_PARAM));
  const returnTo = safeReturnPath(params.get("returnTo"));
  return need !== null && returnTo ? { need, returnTo } : null;
}

export function readPendingTopUp(params: URLSearchParams): PendingTopUp | null {
  const goal = readTopUpGoal(params);
  const convertCents = positiveMinor(params.get(CONVERT_PARAM));
  return goal && convertCents !== null ? { ...goal, convertCents } : null;
}

/** `path` carrying the goal (and the conversion, for a top-up under way) in its query. */
export function withTopUp(path: string, topUp: TopUpGoal | PendingTopUp | null): string {
  if (!topUp) return path;
  const url = sitePathUrl(path);
  url.searchParams.set(NEED_PARAM, formatMinor(topUp.need));
  if ("convertCents" in topUp) url.searchParams.set(CONVERT_PARAM, formatMinor(topUp.convertCents));
  url.searchParams.set("returnTo", topUp.returnTo);
  return `${url.pathname}${url.search}`;
}

/** How a top-up whose payment went in ended short: not converted, or converted and still short. */
export type TopUpShortfall = "failed" | "short";

/** The wallet, back on the goal, saying the payment went in but the member does not hold enough. */
export function topUpFailedPath(goal: TopUpGoal, why: TopUpShortfall): string {
  return `${withTopUp("/wallet", { need: goal.need, returnTo: goal.returnTo })}&${TOP_UP_FAILED_PARAM}=${why}`;
}

export function readTopUpShortfall(params: URLSearchParams): TopUpShortfall | null {
  const why = params.get(TOP_UP_FAILED_PARAM);
  return why === "failed" || why === "short" ? why : null;
}

/** The conversion's Idempotency-Key for a payment: one conversion per top-up, however often finished. */
export function topUpKey(paymentIntentId: string): string {
  return `topup-${paymentIntentId.replace(/[^A-Za-z0-9_-]/g, "")}`.slice(0, 100);
}
