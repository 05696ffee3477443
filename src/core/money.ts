/**
 * Money is held in integer minor units everywhere (cents for USD, hundredths for FitCoins).
 * Parsing and formatting happen only at the edges (API and screen).
 */

export type Cents = number & { readonly __unit: "cents" };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of minor units: ${value}`);
  return value as Cents;
}

/** "12.50" for 1250. Negative values get a leading minus. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100);
  const frac = String(abs % 100).padStart(2, "0");
  return `${sign}${whole}.${frac}`;
}

/** "$12.50" */
export function formatUsd(minor: number): string {
  const text = formatMinor(minor);
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * Parses a decimal amount ("12.5", "12.50", 12.5) into minor units without floating-point arithmetic.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseMinor(input: string | number): number | null {
  const text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const frac = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + frac;
}

/**
 * FitCoins as the API shapes them (a number like 42.5, DESIGN 1) from hundredths of a FitCoin.
 * Only at the edge, for display: never add or compare these.
 */
export function fitcoinsFromMinor(minor: number): number {
  return minor / 100;
}
