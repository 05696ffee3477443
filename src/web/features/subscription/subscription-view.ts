import { SUBSCRIPTION_PLAN_NAME, SUBSCRIPTION_PRICE_LABEL } from "../../../core/constants";
import { knownTimeZone } from "../../lib/local-datetime";

type PlanUser = { subscriptionStatus: string; subscriptionPeriodEnd: string | null; timeZone: string };

/** "November 3, 2026": the day an instant falls on in the member's profile time zone. */
export function dayInZone(iso: string, timeZone: string, locale = "en-US"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, {
    timeZone: knownTimeZone(timeZone),
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(date);
}

/**
 * What the subscribe screen says of a plan that ended (issue 22): which plan, and on which day of
 * the member's own calendar. Null for a member who never had one.
 */
export function endedPlanText(user: PlanUser, locale?: string): string | null {
  if (user.subscriptionStatus !== "expired" || !user.subscriptionPeriodEnd) return null;
  const day = dayInZone(user.subscriptionPeriodEnd, user.timeZone, locale);
  if (!day) return null;
  return `Your ${SUBSCRIPTION_PLAN_NAME} plan (${SUBSCRIPTION_PRICE_LABEL}/month) ended on ${day}.`;
}
