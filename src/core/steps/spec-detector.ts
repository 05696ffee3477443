import type { MotionSample, StepDetector } from "./types";

/** Constants of spec document 1, section 5 ("Step detection"). */
export const SPEC_STEP_CONSTANTS = {
  minIntervalMs: 600,
  changeThreshold: 3.2,
  directChange: 3,
  windowSize: 12,
  smoothingSamples: 5,
  minWindowForSmoothing: 8,
  smoothingFactor: 1.2,
  spikeFactor: 2,
} as const;

/**
 * The spec's algorithm, kept as the baseline. The spec only lists constants, so this is our reading:
 * - work on the magnitude m of the acceleration (gravity included) and a rolling window of the last
 *   12 magnitudes with its average;
 * - a sample-to-sample change of m over 3 m/s² counts a step directly;
 * - otherwise, once the window holds at least 8 samples, the smoothing rule applies: the sample counts
 *   when m rises more than 3.2 above the window average, the average of the last 5 samples is above
 *   1.2 times the window average (the rise is sustained, not one noisy sample), and m is below 2 times
 *   the window average (a bigger spike is a knock, not a step);
 * - never two steps less than 600 ms apart.
 * It works on raw sample-to-sample changes, so its behaviour depends on the sampling rate.
 */
export function createSpecDetector(): StepDetector {
  const c = SPEC_STEP_CONSTANTS;
  const window: number[] = [];
  let sum = 0;
  let previous: number | undefined;
  let lastStepT = Number.NEGATIVE_INFINITY;
  let total = 0;

  return {
    push(sample: MotionSample): number {
      const m = Math.hypot(sample.x, sample.y, sample.z);
      const avg = window.length > 0 ? sum / window.length : m;
      const direct = previous !== undefined && Math.abs(m - previous) > c.directChange;
      let smoothed = false;
      if (window.length >= c.minWindowForSmoothing) {
        let recent = m;
        const n = Math.min(c.smoothingSamples - 1, window.length);
        for (let i = window.length - n; i < window.length; i++) recent += window[i];
        recent /= n + 1;
        smoothed = m - avg > c.changeThreshold && recent > c.smoothingFactor * avg && m < c.spikeFactor * avg;
      }
      previous = m;
      window.push(m);
      sum += m;
      if (window.length > c.windowSize) sum -= window.shift() ?? 0;
      if ((direct || smoothed) && sample.t - lastStepT >= c.minIntervalMs) {
        lastStepT = sample.t;
        total++;
        return 1;
      }
      return 0;
    },
    total: () => total,
  };
}
