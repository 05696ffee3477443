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
