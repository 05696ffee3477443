import { type Biquad, highPass, lowPass } from "./biquad";
import type { MotionSample, StepDetector } from "./types";

export interface DefaultDetectorOptions {
  /** Internal processing rate: input of any rate or jitter is interpolated onto this grid. */
  internalHz: number;
  /** Walking band edges; step frequencies run from ~1.2 Hz (slow walk) to ~3.3 Hz (running). */
  bandLowHz: number;
  bandHighHz: number;
  /** Hysteresis threshold as a fraction of the band signal's recent RMS. */
  thresholdRmsFactor: number;
  /** Absolute threshold floor in m/s²: below it the phone is considered still (sensor noise, sway). */
  thresholdFloor: number;
  /** Time constant of the RMS estimate. */
  rmsTauMs: number;
  /** Fastest plausible step interval (~200 steps/min). */
  minStepMs: number;
  /** Slowest plausible step interval while walking; a longer pause ends the walking bout. */
  maxStepMs: number;
  /** Minimum interval as a fraction of the current cadence's interval. */
  cadenceFraction: number;
  /** Steps in a row with consistent intervals needed before a bout counts. */
  boutSteps: number;
  /** Allowed relative deviation of each interval from the bout's mean interval. */
  intervalTolerance: number;
  /**
   * Shaking gate: share of recent band cycles that came faster than any step could (walking gives
   * one cycle per step, almost never a faster one; shaking at 4-8 Hz gives several per counted one).
   */
  maxFastShare: number;
  /**
   * Shaking gate too: energy above the walking band over energy in it. Heel strikes put a lot there
   * (up to ~9x in a back pocket in the validation recordings), hard shaking far more (tens to hundreds).
   */
  maxShakeRatio: number;
  /** A gap in the samples longer than this resets the filters instead of interpolating across it. */
  maxGapMs: number;
}

export const DEFAULT_DETECTOR_OPTIONS: DefaultDetectorOptions = {
  internalHz: 50,
  bandLowHz: 0.7,
  bandHighHz: 3.5,
  thresholdRmsFactor: 0.5,
  thresholdFloor: 0.4,
  rmsTauMs: 2000,
  minStepMs: 280,
  maxStepMs: 1600,
  cadenceFraction: 0.6,
  boutSteps: 5,
  intervalTolerance: 0.3,
  maxFastShare: 0.2,
  maxShakeRatio: 20,
  maxGapMs: 1000,
};

/**
 * Our detector. Pipeline, O(1) per sample:
 * 1. magnitude of acceleration, so the phone's orientation in a pocket, bag or hand doesn't matter;
 * 2. linear interpolation onto a fixed internal grid, so filters behave the same at 60 Hz, 100 Hz
 *    or with jittery browser timestamps;
 * 3. band-pass around walking frequencies (the high-pass removes gravity and slow vehicle sway, the
 *    low-pass removes vibration and heel-strike ringing);
 * 4. a hysteresis cycle detector: one step per swing of the band signal from below -threshold to
 *    above +threshold, the threshold adapting to recent signal energy with an absolute floor;
 * 5. a minimum interval tied to the current cadence, so fast walking and running aren't cut off;
 * 6. a regularity gate: candidate steps are buffered until several in a row have consistent
 *    intervals, then all are credited; isolated jolts, shaking (also caught by its cycles coming
 *    faster than any cadence) and irregular vehicle motion never form such a bout.
 */
/** Weight of each new band cycle in the running share of too-fast cycles (~ the last 8 cycles). */
const FAST_SHARE_ALPHA = 0.125;

export function createDefaultDetector(options: Partial<DefaultDetectorOptions> = {}): StepDetector {
  const o: DefaultDetectorOptions = { ...DEFAULT_DETECTOR_OPTIONS, ...options };
  const dt = 1000 / o.internalHz;
  const rmsAlpha = 1 - Math.exp(-dt / o.rmsTauMs);

  let hp1: Biquad;
  let hp2: Biquad;
  let lp1: Biquad;
  let lp2: Biquad;
  let bandEnergy = 0;
  let fastShare = 0;
  let aboveEnergy = 0;
  let armed = false;
  let total = 0;
  // Grid state: the last input sample and the next grid time to produce.
  let lastT = Number.NaN;
  let lastM = 0;
  let gridT = 0;
  // Step state.
  let lastCandidateT = Number.NEGATIVE_INFINITY;
  let walking = false;
  let period = 0;
  const bout: number[] = [];

  function reset(t: number, m: number): void {
    hp1 = highPass(o.bandLowHz, o.internalHz);
    hp2 = highPass(o.bandLowHz, o.internalHz);
    lp1 = lowPass(o.bandHighHz, o.internalHz);
    lp2 = lowPass(o.bandHighHz, o.internalHz);
    hp1.settle(m);
    hp2.settle(m);
    lp1.settle(0);
    lp2.settle(0);
    bandEnergy = 0;
    aboveEnergy = 0;
    fastShare = 0;
    armed = false;
    walking = false;
    bout.length = 0;
    lastCandidateT = Number.NEGATIVE_INFINITY;
    lastT = t;
    lastM = m;
    gridT = t;
  }

  function consistent(times: readonly number[]): boolean {
    const n = times.length - 1;
    const mean = (times[n] - times[0]) / n;
    if (mean < o.minStepMs || mean > o.maxStepMs) return false;
    for (let i = 1; i <= n; i++) {
      if (Math.abs(times[i] - times[i - 1] - mean) > o.intervalTolerance * mean) return false;
    }
    return true;
  }

  function onCandidate(t: number): number {
    const interval = t - lastCandidateT;
    const minInterval = walking ? Math.max(o.minStepMs, o.cadenceFraction * period) : o.minStepMs;
    const tooFast = interval < minInterval;
    fastShare += FAST_SHARE_ALPHA * ((tooFast ? 1 : 0) - fastShare);
    if (tooFast) {
      // A cycle faster than any cadence: while not yet walking it spoils the bout being assembled.
      if (!walking) bout.length = 0;
      return 0;
    }
    lastCandidateT = t;
    if (fastShare > o.maxFastShare || aboveEnergy > o.maxShakeRatio * bandEnergy) {
      walking = false;
      bout.length = 0;
      return 0;
    }
    if (walking) {
      if (interval <= Math.max(o.maxStepMs, 2 * period)) {
        period += 0.3 * (Math.min(interval, 2 * period) - period);
        return 1;
      }
      walking = false;
      bout.length = 0;
    }
    if (bout.length > 0 && interval > o.maxStepMs) bout.length = 0;
    bout.push(t);
    if (bout.length > o.boutSteps) bout.shift();
    if (bout.length === o.boutSteps && consistent(bout)) {
      walking = true;
      period = (bout[bout.length - 1] - bout[0]) / (bout.length - 1);
      bout.length = 0;
      return o.boutSteps;
    }
    return 0;
  }

  function process(t: number, m: number): number {
    const moving = hp2.step(hp1.step(m));
    const band = lp2.step(lp1.step(moving));
    const above = moving - band;
    bandEnergy += rmsAlpha * (band * band - bandEnergy);
    aboveEnergy += rmsAlpha * (above * above - aboveEnergy);
    const threshold = Math.max(o.thresholdFloor, o.thresholdRmsFactor * Math.sqrt(bandEnergy));
    if (band < -threshold) {
      armed = true;
      return 0;
    }
    if (armed && band > threshold) {
      armed = false;
      return onCandidate(t);
    }
    return 0;
  }

  return {
    push(sample: MotionSample): number {
      const m = Math.hypot(sample.x, sample.y, sample.z);
      if (!Number.isFinite(m)) return 0;
      // A long gap (sensor paused, tab hidden) or a clock jump back restarts the filters; a sample
      // slightly out of order (timestamp jitter) is just dropped so a walking bout isn't lost.
      if (Number.isNaN(lastT) || Math.abs(sample.t - lastT) > o.maxGapMs) {
        reset(sample.t, m);
        return 0;
      }
      if (sample.t <= lastT) return 0;
      let steps = 0;
      const span = sample.t - lastT;
      while (gridT + dt <= sample.t) {
        gridT += dt;
        const w = span > 0 ? (gridT - lastT) / span : 1;
        steps += process(gridT, lastM + (m - lastM) * w);
      }
      lastT = sample.t;
      lastM = m;
      total += steps;
      return steps;
    },
    total: () => total,
  };
}
