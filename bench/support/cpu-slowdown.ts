// Lighthouse's CPU slowdown, calibrated to the host (Lighthouse docs/throttling.md, "Calibrating the
// CPU slowdown"): the fixed 4x of the mobile preset turns a high-end desktop into a mid-tier phone,
// so on a slower or busier host it emulates a slower phone than meant, and on a faster one a faster
// phone. The multiplier follows the host's BenchmarkIndex instead, along the anchors the
// documentation's calculator uses, so every host emulates the same phone: an index of 150 (a mid-tier
// phone already) runs unthrottled, 800 at 2x, 1,300 at 3x, and each 233 above 1,300 one more
// (1,533 at Lighthouse's default 4x, 2,000 at 6x).

/** [BenchmarkIndex, multiplier] points the multiplier runs straight between. */
const ANCHORS: ReadonlyArray<readonly [number, number]> = [
  [150, 1],
  [800, 2],
  [1300, 3],
];
/** Above the last anchor: one more times for every this much index. */
const INDEX_PER_STEP_ABOVE = 233;

/** The CPU slowdown that makes a host of this BenchmarkIndex emulate Lighthouse's mid-tier phone. */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`not a BenchmarkIndex: ${benchmarkIndex}`);
  }
  const [firstIndex, firstMultiplier] = ANCHORS[0];
  if (benchmarkIndex <= firstIndex) return firstMultiplier;
  for (let i = 1; i < ANCHORS.length; i++) {
    const [index, multiplier] = ANCHORS[i];
    if (benchmarkIndex <= index) {
      const [prevIndex, prevMultiplier] = ANCHORS[i - 1];
      return (
        prevMultiplier + ((benchmarkIndex - prevIndex) / (index - prevIndex)) * (multiplier - prevMultiplier)
      );
    }
  }
  const [lastIndex, lastMultiplier] = ANCHORS[ANCHORS.length - 1];
  return lastMultiplier + (benchmarkIndex - lastIndex) / INDEX_PER_STEP_ABOVE;
}
