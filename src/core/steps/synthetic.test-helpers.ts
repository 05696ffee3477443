import type { MotionSample } from "./types";

const G = 9.81;

/** Deterministic noise so the robustness tests never flake. */
export function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/** Samples of a phone at `hz` for `seconds`, with `accel(t)` added to gravity along a tilted axis. */
export function synth(
  seconds: number,
  hz: number,
  accel: (tSeconds: number) => { x: number; y: number; z: number },
  jitterMs = 0,
  seed = 1,
): MotionSample[] {
  const rand = noise(seed);
  const out: MotionSample[] = [];
  for (let i = 0; i < seconds * hz; i++) {
    const t = (i * 1000) / hz + jitterMs * rand();
    const a = accel(t / 1000);
    // Gravity split over y and z, as for a phone held tilted.
    out.push({ t, x: a.x, y: G * 0.6 + a.y, z: G * 0.8 + a.z });
  }
  return out;
}

/**
 * Walking: a heel-strike-like pulse per step (fundamental at the cadence plus a harmonic), with slow
 * cadence drift and sensor noise.
 */
export function walking(
  seconds: number,
  hz: number,
  cadenceHz: number,
  amplitude = 3,
  seed = 7,
): MotionSample[] {
  const rand = noise(seed);
  return synth(
    seconds,
    hz,
    (t) => {
      const phase = 2 * Math.PI * cadenceHz * t + 0.3 * Math.sin(2 * Math.PI * 0.05 * t);
      const v = amplitude * (Math.sin(phase) + 0.35 * Math.sin(2 * phase + 1));
      return { x: 0.3 * v + 0.2 * rand(), y: 0.6 * v + 0.2 * rand(), z: 0.8 * v + 0.2 * rand() };
    },
    3,
    seed,
  );
}

/** Expected step count of `walking()`: one per cadence cycle (the slow phase drift nets to ~0). */
export function walkingSteps(seconds: number, cadenceHz: number): number {
  return Math.round(seconds * cadenceHz);
}
