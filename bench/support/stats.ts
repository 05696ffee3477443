export const round = (v: number) => Math.round(v * 100) / 100;

/** The p-quantile (0..1) of sorted values, rounded to hundredths; 0 when there are none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]);
}
