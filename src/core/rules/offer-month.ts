/*
 * Gift Card of the Month offers run by their month (issue 23, item 6). An offer's `month`
 * ("2026-11") is a calendar month in UTC: one offer for every member wherever they live, starting
 * and ending at the same instant for all.
 */

/** The UTC month of an instant, "2026-11". */
export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Whether the month ("YYYY-MM") is over at `now`; months compare as text. */
export function monthEnded(month: string, now: Date): boolean {
  return month < utcMonth(now);
}

/** Whether the month ("YYYY-MM") is the one `now` is in: the only month an offer is offered in. */
export function isCurrentMonth(month: string, now: Date): boolean {
  return month === utcMonth(now);
}

/** What an offer is now: offered, waiting for its month, or neither. */
export type OfferStatus = "active" | "scheduled" | "inactive";

/**
 * An offer is offered only in its own month. A row flagged active for a month still to come (made
 * before Activate was held to the current month) waits for its month like a scheduled one.
 */
export function offerStatus(
  o: { isActive: boolean; scheduled: boolean; month: string },
  now: Date,
): OfferStatus {
  if (monthEnded(o.month, now)) return "inactive";
  if (o.isActive) return isCurrentMonth(o.month, now) ? "active" : "scheduled";
  return o.scheduled ? "scheduled" : "inactive";
}

/**
 * An offer's FitCoin price may not be below its dollar value: 1 FitCoin is worth $1 of gift card
 * (DESIGN 1), so a cheaper price would give cards away. Both in hundredths. Answers the fields at
 * fault with their messages.
 */
export function offerPriceProblems(o: {
  value50: number;
  fitcoins50: number;
  value100: number;
  fitcoins100: number;
}): { path: "fitcoins50" | "fitcoins100"; message: string }[] {
  const problems: { path: "fitcoins50" | "fitcoins100"; message: string }[] = [];
  const coins = (hundredths: number) => (hundredths / 100).toFixed(2).replace(/\.00$/, "");
  if (o.fitcoins50 < o.value50) {
    problems.push({
      path: "fitcoins50",
      message: `$50 FitCoin price must be at least the card's value (${coins(o.value50)} FitCoins)`,
    });
  }
  if (o.fitcoins100 < o.value100) {
    problems.push({
      path: "fitcoins100",
      message: `$100 FitCoin price must be at least the card's value (${coins(o.value100)} FitCoins)`,
    });
  }
  return problems;
}
