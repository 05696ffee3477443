import { PRIZE_SHARES_PERCENT } from "../constants";

export type Entrant = { userId: number; steps: number };
export type Payout = { userId: number; position: number; steps: number; amount: number };

/** The shares of the places, in percent, for this many eligible participants. */
export function prizeShares(eligible: number): readonly number[] {
  if (eligible >= 3) return PRIZE_SHARES_PERCENT.three;
  if (eligible === 2) return PRIZE_SHARES_PERCENT.two;
  if (eligible === 1) return PRIZE_SHARES_PERCENT.one;
  return [];
}

/**
 * Standings positions: most steps first, ties share a position (1, 1, 3), then by user id so the
 * order is stable. Participants with 0 steps are included (they rank, they are not paid).
 */
export function rankEntrants<T extends Entrant>(entrants: readonly T[]): (T & { position: number })[] {
  const sorted = [...entrants].sort((a, b) => b.steps - a.steps || a.userId - b.userId);
  let position = 0;
  return sorted.map((e, i) => {
    if (i === 0 || sorted[i - 1].steps !== e.steps) position = i + 1;
    return { ...e, position };
  });
}

/**
 * Splits a pool (minor units, a whole number) among the top three by steps (DESIGN 1, payout):
 * 50/30/20 with three or more eligible, 60/40 with two, 100 with one. Participants with 0 steps
 * are not eligible. Tied participants share equally the combined shares of the places they
 * occupy. Every share is rounded down to the minor unit; what the rounding leaves goes to first
 * place (split among a tie for first, any last units to the lowest user id). Answers only those
 * paid, and their amounts add up to the pool exactly. Nobody eligible: an empty list.
 */
export function splitPrizePool(pool: number, entrants: readonly Entrant[]): Payout[] {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new RangeError(`Bad pool: ${pool}`);
  const ranked = rankEntrants(entrants.filter((e) => e.steps > 0));
  const shares = prizeShares(ranked.length);
  if (ranked.length === 0 || pool === 0) return [];
  const placeAmount = (place: number) => Math.floor((pool * (shares[place] ?? 0)) / 100);

  const payouts: Payout[] = [];
  for (let i = 0; i < ranked.length && i < shares.length; ) {
    // The tie starting at place i occupies places i .. j-1.
    let j = i + 1;
    while (j < ranked.length && ranked[j].steps === ranked[i].steps) j++;
    let combined = 0;
    for (let place = i; place < j; place++) combined += placeAmount(place);
    const each = Math.floor(combined / (j - i));
    for (let k = i; k < j; k++) {
      const e = ranked[k];
      payouts.push({ userId: e.userId, position: e.position, steps: e.steps, amount: each });
    }
    i = j;
  }
  let left = pool - payouts.reduce((a, p) => a + p.amount, 0);
  const first = payouts.filter((p) => p.position === 1);
  const extra = Math.floor(left / first.length);
  for (const p of first) p.amount += extra;
  left -= extra * first.length;
  // Fewer units than first-place winners: one each, lowest user id first (the ranking's order).
  for (let k = 0; left > 0; k++, left--) first[k].amount += 1;
  return payouts.filter((p) => p.amount > 0);
}

/** Participants in line for a prize: those with more than 0 steps (DESIGN 1, payout). */
export function eligibleCount(entries: readonly { steps: number }[]): number {
  return entries.filter((e) => e.steps > 0).length;
}

const sharesText = (eligible: number) =>
  prizeShares(eligible)
    .map((p) => `${p}%`)
    .join(" / ");

/**
 * The split that would be paid with this many eligible walkers now, for a card. Only the top
 * three are paid, so a standings list of the top five is enough to count them.
 */
export function prizeSplitText(eligible: number): string {
  if (eligible <= 0) {
    return `Prize split: ${sharesText(3)} to the top three walkers (${sharesText(2)} with two, ${sharesText(1)} with one). 0 steps wins nothing.`;
  }
  if (eligible === 1) return `Prize split now: ${sharesText(1)} to the one walker with steps so far.`;
  if (eligible === 2) {
    return `Prize split now: ${sharesText(2)} between the two walkers with steps so far; a tie shares it equally.`;
  }
  return `Prize split now: ${sharesText(3)} to the top three; tied walkers share their places' prizes equally.`;
}

/**
 * Every case of the payout, said before anyone pays (the guidelines): the shares for three or
 * more, two and one eligible walkers, ties, 0 steps, and the refund when nobody walked.
 */
export function prizeRuleText(kind: "competition" | "group"): string {
  const refund =
    kind === "competition"
      ? "every entry fee is refunded"
      : "everyone gets back what they paid into the pool";
  const start =
    kind === "competition"
      ? "When the competition ends, the prize pool"
      : "When a group competition ends, the pool";
  return `${start} goes to the top three by steps: ${sharesText(3)}. With only two walkers it is ${sharesText(2)}, with one ${sharesText(1)}. Tied walkers share equally the prizes of the places they hold. Nobody with 0 steps wins a prize; if nobody walks, ${refund}.`;
}
