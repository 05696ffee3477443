import { SUBSCRIPTION_PLAN_NAME, SUBSCRIPTION_PRICE_LABEL } from "../../../core/constants";
import { formatDate, formatInZone } from "../../lib/format";

type PlanUser = { subscriptionStatus: string; subscriptionPeriodEnd: string | null; timeZone: string };

/**
 * What the subscribe screen says of a plan that ended (issue 22): which plan, and on which day of
 * the member's own calendar. Null for a member who never had one.
 */
export function endedPlanText(user: PlanUser, locale?: string): string | null {
  if (user.subscriptionStatus !== "expired" || !user.subscriptionPeriodEnd) return null;
  // The day it ended on the member's own calendar, written as every date is (lib/format).
  const day = formatDate(user.subscriptionPeriodEnd, { timeZone: user.timeZone, locale });
  if (!day) return null;
  return `Your ${SUBSCRIPTION_PLAN_NAME} plan (${SUBSCRIPTION_PRICE_LABEL}/month) ended on ${day}.`;
}

/**
 * When the paid period ends, to the minute, in the member's profile zone ("Jun 3, 2026, 9:00 AM
 * EDT"): the one rule for "active until" and "renews on" (issue 32). Null without a period.
 */
export function periodEndText(user: PlanUser, locale?: string): string | null {
  if (!user.subscriptionPeriodEnd) return null;
  return formatInZone(user.subscriptionPeriodEnd, user.timeZone, locale) || null;
}

/** What the Cancel Subscription confirmation says (specification 3: cancellation at the period's end). */
export function cancelConfirmationText(user: PlanUser, locale?: string): string {
  const end = periodEndText(user, locale);
  const until = end ? `Your membership stays active until ${end}` : "Your membership stays active until then";
  return `Cancellation takes effect at the end of the billing period. ${until}, with no further charge. You can reactivate it any time before then.`;
}
