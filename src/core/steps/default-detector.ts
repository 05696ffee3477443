import { type Biquad, highPass, lowPass } from "./biquad";
import { createGaitAnalysis, IMPACT_HZ, NOT_WALKING } from "./gait-period";
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
   * While walking with the step period unknown, a band cycle within this share of one step of two
   * steps' length is a stride whose middle step never crossed the threshold (a hand or a thigh
   * swinging once a stride drowns the weaker step now and then): it counts two steps.
   */
  strideCycleTolerance: number;
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
  /** Time constant of the running autocorrelation that finds the gait's period. */
  periodTauMs: number;
  /** Longest lag the autocorrelation looks at: a slow walker's stride. */
  maxLagMs: number;
  /**
   * The gait's period is the shortest lag whose autocorrelation comes within this share of the
   * best one (a signal that repeats every step also repeats every stride).
   */
  periodTolerance: number;
  /** Autocorrelation (relative to the energy) the gait's period needs before it is trusted. */
  minPeriodicity: number;
  /**
   * A gait period shorter than this is a step (a stride at 0.8 s would be a run at 2.5 steps/s);
   * a longer one may be a stride (1.6-2.2 steps/s give 0.9-1.25 s) or a very slow step, and the
   * heel strikes or the phone's swing decide.
   */
  minStrideMs: number;
  /** Autocorrelation of the heel strikes at half the gait period needed to call it two steps. */
  minImpactPeriodicity: number;
  /**
   * Without heel strikes to tell, on a swinging limb, a gait period up to this long is taken for a
   * stride (a walk at 1.43 steps/s or faster) rather than a step (0.71 steps/s or slower).
   */
  maxPriorStrideMs: number;
  /** RMS turn of the phone (rad) that marks it as riding a swinging limb (~8°; limbs swing 20-30°). */
  minLimbSwingRad: number;
  /**
   * RMS turn of the phone (rad, ~3°) above which its turn is told from sensor noise: when it turns
   * back, all the way, between one cycle of the magnitude and the next, those cycles are a swing's
   * own halves, and a walk must show in the heel strikes or in a turn repeating every cycle.
   */
  minSwungRad: number;
  /**
   * RMS turn (rad, ~1.7°) repeating every cycle that marks a walk on a swung phone: the body braking
   * after each heel strike and pushed on before the next (~±1.5 m/s² fore and aft) tilts the
   * specific force the same way every step (3.5-13° RMS in the validation recordings); a swing in
   * place tilts it one way, then back.
   */
  minStepTurnRad: number;
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
  strideCycleTolerance: 0.2,
  maxFastShare: 0.2,
  maxShakeRatio: 20,
  maxGapMs: 1000,
  periodTauMs: 4000,
  maxLagMs: 2000,
  periodTolerance: 0.85,
  minPeriodicity: 0.3,
  minStrideMs: 800,
  minImpactPeriodicity: 0.2,
  maxPriorStrideMs: 1400,
  minLimbSwingRad: 0.14,
  minSwungRad: 0.05,
  minStepTurnRad: 0.03,
};

/** Weight of each new band cycle in the running share of too-fast cycles (~ the last 8 cycles). */
const FAST_SHARE_ALPHA = 0.125;
/** Most steps one band cycle may span while walking goes on: a stride, plus a step it missed. */
const MAX_CYCLE_STEPS = 3;

/**
 * Our detector. Pipeline, constant work per sample:
 * 1. magnitude of acceleration, so the phone's orientation in a pocket, bag or hand doesn't matter;
 * 2. linear interpolation onto a fixed internal grid, so filters behave the same at 60 Hz, 100 Hz
 *    or with jittery browser timestamps;
 * 3. band-pass around walking frequencies (the high-pass removes gravity and slow vehicle sway, the
 *    low-pass removes vibration and heel-strike ringing);
 * 4. a hysteresis cycle detector: one step per swing of the band signal from below -threshold to
 *    above +threshold, the threshold adapting to recent signal energy with an absolute floor;
 * 5. a minimum interval tied to the current cadence, so fast walking and running aren't cut off,
 *    and a cycle two steps long while walking counts two (a step drowned by a stride's swing);
 * 6. a regularity gate: candidate steps are buffered until several in a row have consistent
 *    intervals, then all are credited; isolated jolts, shaking (also caught by its cycles coming
 *    faster than any cadence) and irregular vehicle motion never form such a bout;
 * 7. the step period from a running autocorrelation of the band signal (~4 s): where the dominant
 *    period is a stride, as with a phone in a swinging hand (the arm swings once per two steps) or
 *    in a front trouser pocket (the thigh does), the band's cycles follow the stride and each one
 *    spans two steps. The period is taken for a stride when the heel strikes (the magnitude above
 *    10 Hz) repeat at half of it, or, when they are too soft to show, when the phone turns by
 *    tens of degrees as on a swinging limb, once per period; then cycles are counted in step
 *    periods. A stroll so slow that one step lasts a stride, on the trunk or with its heel strikes
 *    once per period, stays one step per cycle;
 * 8. a phone swung by hand while its holder stands still: a rotation alone makes the magnitude
 *    repeat twice per swing, like a walk's once per step, but the phone's turn (the part of its
 *    direction across the average one, followed by a running autocorrelation too) reverses every
 *    cycle. Such cycles count only with a walk's signs: heel strikes every cycle, or a turn that
 *    repeats every cycle besides the swing (the body braking and pushed on at each step).
 * Steps 7 and 8 are the gait analysis of ./gait-period.
 */
export function createDefaultDetector(options: Partial<DefaultDetectorOptions> = {}): StepDetector {
  const o: DefaultDetectorOptions = { ...DEFAULT_DETECTOR_OPTIONS, ...options };
  const dt = 1000 / o.internalHz;
  const rmsAlpha = 1 - Math.exp(-dt / o.rmsTauMs);

  let hp1: Biquad;
  let hp2: Biquad;
  let lp1: Biquad;
  let lp2: Biquad;
  let impactHp1: Biquad;
  let impactHp2: Biquad;
  let bandEnergy = 0;
  let fastShare = 0;
  let aboveEnergy = 0;
  let armed = false;
  let total = 0;
  // Grid state: the last input sample and the next grid time to produce.
  let lastT = Number.NaN;
  // The input's recent interval between samples, ms.
  let inputMs = 0;
  let lastM = 0;
  let gridT = 0;
  const last = { x: 0, y: 0, z: 0 };
  // Step state.
  let lastCandidateT = Number.NEGATIVE_INFINITY;
  let walking = false;
  let period = 0;
  let residual = 0;
  const bout: number[] = [];
  const gait = createGaitAnalysis(o, dt);

  function reset(sample: MotionSample, m: number): void {
    const t = sample.t;
    last.x = sample.x;
    last.y = sample.y;
    last.z = sample.z;
    gait.reset(sample);
    hp1 = highPass(o.bandLowHz, o.internalHz);
    hp2 = highPass(o.bandLowHz, o.internalHz);
    lp1 = lowPass(o.bandHighHz, o.internalHz);
    lp2 = lowPass(o.bandHighHz, o.internalHz);
    impactHp1 = highPass(IMPACT_HZ, o.internalHz);
    impactHp2 = highPass(IMPACT_HZ, o.internalHz);
    impactHp1.settle(m);
    impactHp2.settle(m);
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
    inputMs = 0;
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

  /**
   * The regularity gate while the step period is unknown: several candidate cycles in a row with
   * consistent intervals, one step each.
   */
  function assemble(t: number, interval: number): number {
    if (bout.length > 0 && interval > o.maxStepMs) bout.length = 0;
    bout.push(t);
    if (bout.length > o.boutSteps) bout.shift();
    if (bout.length === o.boutSteps && consistent(bout)) {
      const mean = (bout[bout.length - 1] - bout[0]) / (bout.length - 1);
      // Until the gait's period is known, the cycles' own one tells a phone swung by hand.
      if (gait.swungInPlace(mean / gait.acDt, inputMs)) {
        bout.length = 0;
        return 0;
      }
      walking = true;
      period = mean;
      residual = 0;
      bout.length = 0;
      return o.boutSteps;
    }
    return 0;
  }

  /**
   * The regularity gate once the autocorrelation knows the step period. The band's cycles may each
   * span a step or a whole stride, or split a stride unevenly in two (a strong and a weak heel
   * strike), so a cycle may differ from the one before but must repeat the one two before (the
   * gait repeats every stride), may not be faster than half a step or span more than a stride and
   * a half, and the bout needs several cycles and at least `boutSteps` steps; it then counts its
   * span in steps.
   */
  function assemblePeriodic(t: number, step: number): number {
    const n = bout.length;
    if (n > 0) {
      const steps = (t - bout[n - 1]) / step;
      const repeats =
        n < 3 || Math.abs(t - bout[n - 1] - (bout[n - 2] - bout[n - 3])) <= o.intervalTolerance * step;
      if (steps < 0.5 || steps > 2.5) bout.length = 0;
      else if (!repeats) bout.splice(0, n - 2);
    }
    bout.push(t);
    const steps = Math.round((t - bout[0]) / step) + 1;
    if (
      bout.length >= o.boutSteps - 1 &&
      steps >= o.boutSteps &&
      step >= o.minStepMs &&
      step <= o.maxStepMs
    ) {
      walking = true;
      period = step;
      residual = 0;
      bout.length = 0;
      return steps;
    }
    return 0;
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
    const step = gait.stepPeriodMs(inputMs);
    if (step === NOT_WALKING) {
      walking = false;
      bout.length = 0;
      return 0;
    }
    if (walking) {
      if (step > 0) {
        // Steps are counted in step periods: a cycle spanning a stride counts two, and the part of a
        // period left over (a stride split unevenly in two cycles) is carried, half of it, to the next.
        const cycles = interval / step;
        if (cycles <= MAX_CYCLE_STEPS + 0.5) {
          const owed = cycles + residual;
          const k = Math.min(MAX_CYCLE_STEPS, Math.round(owed));
          residual = 0.5 * (owed - k);
          period = step;
          return k;
        }
      } else if (interval <= Math.max(o.maxStepMs, 2 * period)) {
        // A cycle two steps long: two steps, and the cadence stays what it was.
        if (Math.abs(interval - 2 * period) <= o.strideCycleTolerance * period) return 2;
        period += 0.3 * (Math.min(interval, 2 * period) - period);
        return 1;
      }
      walking = false;
      bout.length = 0;
    }
    return step > 0 ? assemblePeriodic(t, step) : assemble(t, interval);
  }

  function process(t: number, m: number): number {
    const moving = hp2.step(hp1.step(m));
    const band = lp2.step(lp1.step(moving));
    const above = moving - band;
    gait.trackPeriod(band, impactHp2.step(impactHp1.step(m)));
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
        reset(sample, m);
        return 0;
      }
      if (sample.t <= lastT) return 0;
      let steps = 0;
      const span = sample.t - lastT;
      inputMs = inputMs === 0 ? span : inputMs + 0.02 * (span - inputMs);
      while (gridT + dt <= sample.t) {
        gridT += dt;
        const w = span > 0 ? (gridT - lastT) / span : 1;
        gait.trackTilt(
          last.x + (sample.x - last.x) * w,
          last.y + (sample.y - last.y) * w,
          last.z + (sample.z - last.z) * w,
        );
        steps += process(gridT, lastM + (m - lastM) * w);
      }
      lastT = sample.t;
      lastM = m;
      last.x = sample.x;
      last.y = sample.y;
      last.z = sample.z;
      total += steps;
      return steps;
    },
    total: () => total,
  };
}
