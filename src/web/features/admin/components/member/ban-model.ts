import type { MemberDetail } from "../../../../../core/schemas/admin-member";
import { formatInZone } from "../../../../lib/format";

type Membership = Pick<MemberDetail["subscription"], "status" | "currentPeriodEnd">;

/** Said in every ban dialog: the member hears of it (issue 32). */
export const BAN_TELLS_MEMBER = "They are told by email, with this reason and the support address.";

/**
 * What a ban will do to the member's membership, before the admin confirms (issue 32), with the
 * period's end in the admin's zone. Undefined membership: still being read.
 */
export function banMembershipText(membership: Membership | undefined, timeZone: string): string {
  if (!membership) return "Checking their membership...";
  const end = membership.currentPeriodEnd ? formatInZone(membership.currentPeriodEnd, timeZone) : null;
  if (membership.status === "active" && end) {
    return `Their membership stops renewing: it stays paid until ${end}, with no further charge. Lifting the ban before then turns renewal back on.`;
  }
  if (membership.status === "cancel_at_period_end" && end) {
    return `Their membership already ends on ${end}, as they set it; the ban leaves it so.`;
  }
  return "They have no running membership.";
}

/** What lifting the ban will do to a membership the ban stopped, said beside Lift Ban; null: nothing. */
export function liftMembershipText(
  membership: Membership & { stoppedByBan: boolean },
  timeZone: string,
): string | null {
  if (!membership.stoppedByBan) return null;
  if (membership.status === "cancel_at_period_end" && membership.currentPeriodEnd) {
    return `The ban stopped their membership renewing. Lifting it before ${formatInZone(membership.currentPeriodEnd, timeZone)} turns renewal back on.`;
  }
  return "Their membership ended while they were banned: lifting the ban does not renew it.";
}
