import { SUBSCRIPTION_PLAN_NAME, SUBSCRIPTION_PRICE_LABEL } from "../../../core/constants";
import { formatDate } from "../../lib/format";

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
