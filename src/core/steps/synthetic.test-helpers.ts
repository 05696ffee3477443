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

export interface SwungOptions {
  /** Distance from the pivot (the shoulder) to the phone, m: ~0.6 for a hanging arm. */
  armLength?: number;
  /** Angle swung either side of the middle of the swing, rad (0.6 is ±34°). */
  swing?: number;
  /** The middle of the swing from hanging straight down, rad. */
  offset?: number;
  /**
   * An unsteady hand, 0 to 1: the swing's size wanders by up to 15% and its rate by a few percent,
   * and a tremor (irregular, around 10 Hz, 0.3 m/s² RMS on each axis at 1) shakes the phone.
   */
  jitter?: number;
  /** Sensor noise, m/s² peak to peak on each axis. */
  noiseLevel?: number;
  seed?: number;
}

/**
 * Samples of a phone at `length` from a pivot, turned by `angle(t)` from hanging straight down
 * (forward positive) while the pivot moves with acceleration `pivot(t)` (forward, up). The specific
 * force in the phone's frame is exactly that of a point turning about the pivot: along the arm,
 * (g + up) cos θ - forward sin θ + L θ'² (gravity's and the pivot's share plus the centripetal
 * pull); across it, L θ'' + (g + up) sin θ + forward cos θ.
 */
function pendulum(
  seconds: number,
  hz: number,
  length: number,
  angle: (tSeconds: number) => number,
  pivot: (tSeconds: number) => { forward: number; up: number },
  jitter: number,
  noiseLevel: number,
  seed: number,
): MotionSample[] {
  const rand = noise(seed);
  // The tremor: noise through a resonance at 10 Hz, 3 Hz wide, on each axis, scaled to its RMS.
  const rho = Math.exp((-Math.PI * 3) / hz);
  const cosW = Math.cos((2 * Math.PI * 10) / hz);
  const a1 = 2 * rho * cosW;
  const a2 = -rho * rho;
  const gain = Math.sqrt(
    ((1 - rho * rho) * ((1 + rho * rho) ** 2 - 4 * rho * rho * cosW * cosW)) / (1 + rho * rho) / (1 / 12),
  );
  const tremorState = [0, 0, 0, 0, 0, 0];
  const tremor = (axis: number): number => {
    const y = a1 * tremorState[2 * axis] + a2 * tremorState[2 * axis + 1] + rand();
    tremorState[2 * axis + 1] = tremorState[2 * axis];
    tremorState[2 * axis] = y;
    return 0.3 * jitter * gain * y;
  };
  const out: MotionSample[] = [];
  const h = 1e-3;
  for (let i = 0; i < seconds * hz; i++) {
    const t = (i * 1000) / hz + 3 * rand();
    const s = t / 1000;
    const th = angle(s);
    const before = angle(s - h);
    const after = angle(s + h);
    const rate = (after - before) / (2 * h);
    const accel = (after - 2 * th + before) / (h * h);
    const { forward, up } = pivot(s);
    const g = G + up;
    const along = g * Math.cos(th) - forward * Math.sin(th) + length * rate * rate;
    const across = length * accel + g * Math.sin(th) + forward * Math.cos(th);
    out.push({
      t,
      x: across + tremor(0) + noiseLevel * rand(),
      y: 0.6 * along + tremor(1) + noiseLevel * rand(),
      z: 0.8 * along + tremor(2) + noiseLevel * rand(),
    });
  }
  return out;
}

/**
 * A phone swung back and forth by hand while its holder stands still: a pendulum about a fixed
 * pivot, with no bounce of the body and no heel strikes. The magnitude and the phone's measured
 * direction are functions of the swing alone: a swing about the hanging position makes the
 * magnitude repeat twice per swing (largest as the phone passes the bottom, smallest at the
 * ends), as the magnitude of a walk repeats once per step.
 */
export function swungPhone(
  seconds: number,
  hz: number,
  swingHz: number,
  o: SwungOptions = {},
): MotionSample[] {
  const swing = o.swing ?? 0.6;
  const offset = o.offset ?? 0;
  const jitter = o.jitter ?? 0;
  const angle = (t: number): number => {
    const size = swing * (1 + 0.15 * jitter * Math.sin(2 * Math.PI * 0.07 * t + 1));
    const phase = 2 * Math.PI * swingHz * t + jitter * ((0.8 * Math.sin(2 * Math.PI * 0.013 * t)) / swingHz);
    return offset + size * Math.sin(phase);
  };
  const still = { forward: 0, up: 0 };
  return pendulum(
    seconds,
    hz,
    o.armLength ?? 0.6,
    angle,
    () => still,
    jitter,
    o.noiseLevel ?? 0.3,
    o.seed ?? 17,
  );
}

/**
 * A walk with the phone in a hand that swings, like a pendulum from the shoulder, once a stride
 * about the hanging position, furthest forward or back as a heel strikes: here the arm's own
 * rotation makes the magnitude repeat once per step, and the phone turns back every step, as a
 * phone swung in place does. The walk adds what a standing swing lacks, once per step: the body
 * braking after each heel strike and pushed forward again before the next (about ±1.5 m/s²), its
 * bounce (lowest, so pushed up hardest, just after the heel strike) and the heel strike's jolt
 * felt at the wrist.
 */
export function armSwingWalk(
  seconds: number,
  hz: number,
  cadenceHz: number,
  o: GaitOptions & { armLength?: number; swing?: number } = {},
): MotionSample[] {
  const amplitude = o.amplitude ?? 1;
  const impact = o.impact ?? 1;
  const swing = o.swing ?? 0.45;
  const pivot = (t: number): { forward: number; up: number } => {
    const step = 2 * stridePhase(cadenceHz, t);
    return {
      forward: -1.5 * amplitude * Math.sin(step),
      up: amplitude * (2 * Math.cos(step - 0.3) + 1.2 * impact * heelStrike(step, cadenceHz)),
    };
  };
  return pendulum(
    seconds,
    hz,
    o.armLength ?? 0.6,
    (t) => swing * Math.cos(stridePhase(cadenceHz, t)),
    pivot,
    0,
    o.noiseLevel ?? 0.3,
    o.seed ?? 19,
  );
}
