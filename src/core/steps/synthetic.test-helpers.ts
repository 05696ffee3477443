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

export interface GaitOptions {
  /** Scales every motion component (a gentle or a vigorous walker). */
  amplitude?: number;
  /** Size of the per-step bounce relative to the once-per-stride swing. */
  stepRatio?: number;
  /** Scales the heel strikes (0: none reach the phone). */
  impact?: number;
  /** Sensor noise, m/s² peak to peak on each axis. */
  noiseLevel?: number;
  seed?: number;
}

/**
 * Samples of a phone carried on the body: `v(t)` is added to the magnitude of gravity
 * plus acceleration (the specific force) and `tilt(t)` turns that vector in the phone's frame, as
 * a swinging limb does, so only the magnitude carries the gait.
 */
function carried(
  seconds: number,
  hz: number,
  seed: number,
  noiseLevel: number,
  motion: (tSeconds: number) => { v: number; tilt: number },
): MotionSample[] {
  const rand = noise(seed);
  const out: MotionSample[] = [];
  for (let i = 0; i < seconds * hz; i++) {
    const t = (i * 1000) / hz + 3 * rand();
    const { v, tilt } = motion(t / 1000);
    const f = G + v;
    out.push({
      t,
      x: f * Math.sin(tilt) + noiseLevel * rand(),
      y: 0.6 * f * Math.cos(tilt) + noiseLevel * rand(),
      z: 0.8 * f * Math.cos(tilt) + noiseLevel * rand(),
    });
  }
  return out;
}

/**
 * The gait's phase in strides (one stride = two steps) with a slow cadence drift that nets to
 * ~0, so a walk of `seconds` at `cadenceHz` has `walkingSteps(seconds, cadenceHz)` steps.
 */
function stridePhase(cadenceHz: number, t: number): number {
  return Math.PI * cadenceHz * t + 0.15 * Math.sin(2 * Math.PI * 0.05 * t);
}

/** A heel strike felt through the body: a short bump (~40 ms) right after the step's start. */
function heelStrike(stepPhase: number, cadenceHz: number): number {
  const since = (stepPhase / (2 * Math.PI) - Math.floor(stepPhase / (2 * Math.PI))) / cadenceHz;
  return Math.exp(-(((since - 0.03) / 0.025) ** 2));
}

/**
 * A phone held in a hand that swings with the arm. The arm is a driven pendulum at the stride
 * rate, swinging further forward than back, so the magnitude's dominant period is the stride (two
 * steps); the body's bounce adds a weaker component once per step, and each heel strike a small
 * jolt that reaches the wrist. The phone turns with the arm (±25° or so), which a magnitude-based
 * detector must not mind. Keep `amplitude` at most 1.5: beyond it the magnitude would fold at 0 g.
 */
export function swingingHand(
  seconds: number,
  hz: number,
  cadenceHz: number,
  o: GaitOptions = {},
): MotionSample[] {
  const amplitude = o.amplitude ?? 1;
  const stepRatio = o.stepRatio ?? 0.4;
  const impact = o.impact ?? 1;
  return carried(seconds, hz, o.seed ?? 5, o.noiseLevel ?? 0.3, (t) => {
    const stride = stridePhase(cadenceHz, t);
    const step = 2 * stride;
    const swing = 2.5 * (Math.sin(stride) + 0.15 * Math.sin(3 * stride + 0.5));
    const bounce = 2.5 * stepRatio * Math.sin(step + 1.1);
    const heel = 1.2 * impact * heelStrike(step, cadenceHz);
    return { v: amplitude * (swing + bounce + heel), tilt: 0.1 + 0.45 * Math.sin(stride + 0.3) };
  });
}

/**
 * A phone in a front trouser pocket. It rides on the thigh, which swings forward and back once a
 * stride: a large once-per-stride component, skewed because the swing phase is quicker than the
 * stance. Each step adds the body's bounce and a heel strike, strong on the pocket's leg and much
 * weaker (through the pelvis) on the other one. Keep `amplitude` at most 1.5.
 */
export function frontPocket(
  seconds: number,
  hz: number,
  cadenceHz: number,
  o: GaitOptions = {},
): MotionSample[] {
  const amplitude = o.amplitude ?? 1;
  const stepRatio = o.stepRatio ?? 0.4;
  const impact = o.impact ?? 1;
  return carried(seconds, hz, o.seed ?? 9, o.noiseLevel ?? 0.3, (t) => {
    const stride = stridePhase(cadenceHz, t);
    const step = 2 * stride;
    const thigh = 3 * (Math.sin(stride) + 0.3 * Math.sin(2 * stride + 0.8));
    const bounce = 1.5 * stepRatio * Math.sin(step + 2);
    // Steps alternate legs: even steps land on the pocket's leg.
    const nearLeg = Math.floor(step / (2 * Math.PI)) % 2 === 0;
    const heel = 3 * impact * heelStrike(step, cadenceHz) * (nearLeg ? 1 : 0.35);
    return { v: amplitude * (thigh + bounce + heel), tilt: 0.35 * Math.sin(stride) };
  });
}

/**
 * A slow stroll with the phone in a chest or hip placement: the body's bounce once per step (with
 * a harmonic) and a heel strike per step, at a cadence so slow (1 to 1.25 steps/s) that one step
 * lasts as long as a brisk walker's stride. It must count once per step, not twice.
 */
export function stroll(seconds: number, hz: number, cadenceHz: number, o: GaitOptions = {}): MotionSample[] {
  const amplitude = o.amplitude ?? 1;
  const impact = o.impact ?? 1;
  return carried(seconds, hz, o.seed ?? 13, o.noiseLevel ?? 0.3, (t) => {
    const step = 2 * stridePhase(cadenceHz, t);
    const bounce = 2.5 * (Math.sin(step) + 0.35 * Math.sin(2 * step + 1));
    const heel = 2 * impact * heelStrike(step, cadenceHz);
    return { v: amplitude * (bounce + heel), tilt: 0.05 * Math.sin(step) };
  });
}
