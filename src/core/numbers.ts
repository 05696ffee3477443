/*
 * Counts as members read them (steps, points, views, walkers): "12,345". One formatter, made on
 * first use and kept: `toLocaleString` builds a new one on every call, some fifty microseconds
 * each, which a page of standings pays hundreds of times in its first render.
 */

let grouped: Intl.NumberFormat | null = null;

/** "12,345": a whole count with thousands separators, the same in every zone and language. */
export function formatCount(value: number): string {
  grouped ??= new Intl.NumberFormat("en-US");
  return grouped.format(value);
}
