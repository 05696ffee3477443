import type { MotionSample } from "./types";

/**
 * Resamples to a fixed rate by linear interpolation on the timestamps, from the first sample's time
 * to the last one's. Used to replay a ~100 Hz recording as a 60 Hz browser would deliver it.
 */
export function resample(samples: readonly MotionSample[], hz: number): MotionSample[] {
  if (!(hz > 0)) throw new Error("resample: hz must be positive");
  if (samples.length < 2) return samples.map((s) => ({ ...s }));
  const step = 1000 / hz;
  const first = samples[0].t;
  const last = samples[samples.length - 1].t;
  const out: MotionSample[] = [];
  let j = 0;
  for (let i = 0; ; i++) {
    // Multiplying rather than accumulating keeps long recordings free of drift.
    const t = first + i * step;
    if (t > last) break;
    while (j < samples.length - 2 && samples[j + 1].t < t) j++;
    const a = samples[j];
    const b = samples[j + 1];
    const span = b.t - a.t;
    const w = span > 0 ? Math.min(1, Math.max(0, (t - a.t) / span)) : 0;
    out.push({
      t,
      x: a.x + (b.x - a.x) * w,
      y: a.y + (b.y - a.y) * w,
      z: a.z + (b.z - a.z) * w,
    });
  }
  return out;
}
