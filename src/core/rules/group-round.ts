import { entriesOpen } from "./entry-cutoff";

/**
 * A join between a round's end and its payout (DESIGN 1, group money: the link works again after).
 * Here rather than with the schemas, so that screens showing it need not load the validation library.
 */
export const ROUND_ENDED_MESSAGE =
  "This group's round has ended and its results are being settled. The invite link works again once they are in.";

/**
 * A group's round is under way from its start until it is paid (settled, or refunded when nobody
 * walked), through its grace period and any review hold. While it is, what members paid in belongs
 * to the round: leaving refunds nothing and the group cannot be deleted (DESIGN 1, group money and
 * walking away), so nobody can take a played round back.
 */
export function roundUnderWay(
  round: { startDate: Date; paid: boolean } | null | undefined,
  now: Date,
): boolean {
  return round != null && !round.paid && now.getTime() >= round.startDate.getTime();
}

/** What a group admin reads when deleting is refused: why, and when the round ends. */
export function deleteDuringRoundMessage(endsAt: string): string {
  return `This group's round is under way, so the group can't be deleted until the round has finished and paid its winners. The round ends ${endsAt}; you can delete the group once its results are in.`;
}

/** Where a group's round stands for someone deciding to join (issue 32: the invite says the truth). */
export type InviteRoundStatus = "none" | "upcoming" | "running" | "entries_closed" | "ended";

/**
 * none: no round to be paid (never scheduled, or the last one paid), so joining is open; ended:
 * past its end, waiting for its payout (the link admits nobody until then); entries_closed: the
 * entry deadline has passed (before the start, or at it by default); otherwise upcoming or running.
 */
export function inviteRoundStatus(
  round: { startDate: Date; endDate: Date; entryDeadlineHours: number | null } | null | undefined,
  now: Date,
): InviteRoundStatus {
  if (!round) return "none";
  if (now.getTime() >= round.endDate.getTime()) return "ended";
  if (!entriesOpen(now, round)) return "entries_closed";
  return now.getTime() >= round.startDate.getTime() ? "running" : "upcoming";
}

/** The status badge's words. */
export const INVITE_ROUND_STATUS_LABEL: Record<InviteRoundStatus, string> = {
  none: "No round scheduled",
  upcoming: "Not started",
  running: "Running",
  entries_closed: "Entries closed",
  ended: "Ended",
};
