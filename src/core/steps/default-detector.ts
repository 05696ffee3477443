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

/**
 * Our detector. Pipeline, constant work per sample:
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
 */
/** Weight of each new band cycle in the running share of too-fast cycles (~ the last 8 cycles). */
const FAST_SHARE_ALPHA = 0.125;
/** Rate of the autocorrelation that finds the gait's period (the band signal is below 3.5 Hz). */
const AC_HZ = 25;
/** Most steps one band cycle may span while walking goes on: a stride, plus a step it missed. */
const MAX_CYCLE_STEPS = 3;
/** Heel strikes are sharp: above this frequency the gait's swings are gone and impacts remain. */
const IMPACT_HZ = 10;
/** Smoothing of the phone's direction: follows a limb's swing, not a heel strike's jolt. */
const TILT_QUICK_HZ = 3;
/** The phone's average direction over several strides. */
const TILT_STEADY_HZ = 0.2;
/**
 * The phone's average direction that its turn is measured from, through two smoothing stages:
 * steadier than TILT_STEADY_HZ, so that a swing's own turn barely moves it and comes out odd
 * (reversing as the phone swings through the middle) rather than partly even.
 */
const TURN_MEAN_HZ = 0.1;
/** Lags (of 40 ms) either side searched for the impacts' correlation peak. */
const IMPACT_LAG_SLACK = 2;
/**
 * Impacts at half a stride must correlate at least this share as well as at a whole stride: one leg
 * may land harder (a phone in that leg's pocket), but each step lands.
 */
const IMPACT_STEP_SHARE = 0.25;
/**
 * Correlation of the phone's turn one gait period apart, relative to its energy: at or above
 * SWING_REPEATS the phone swings once per period (the period is the limb's stride); at or below
 * -SWING_REVERSES it turns back every period (the period is half a swing).
 */
const SWING_REPEATS = 0.3;
const SWING_REVERSES = 0.7;
/**
 * Slowest input (ms between samples, ~40 Hz) whose impacts tell a walk from a phone swung in
 * place. A heel strike's jolt lasts 20-50 ms; from coarser samples the magnitude above IMPACT_HZ
 * is mostly the interpolation's own error, which repeats with any smooth motion's cycle.
 */
const MAX_IMPACT_INPUT_MS = 25;
/**
 * Autocorrelation of the impacts one cycle apart that shows a swung phone's holder walking: above
 * what a hand's tremor or sensor noise reach by chance over the few seconds it is averaged on.
 */
const SWUNG_IMPACT_PERIODICITY = 0.35;
/** stepPeriodMs() when the gait is no walk: a swung phone, without heel strikes. */
const NOT_WALKING = -1;
/** The magnitude repeating at half a stride-long period at least this share as well: two cycles. */
const HALF_REPEATS = 0.5;
/** A stride of a swinging limb: the magnitude at half the period correlates less than this share. */
const STRIDE_HALF_REPEATS = 0.35;

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
  // Orientation state: the specific force's direction now (smoothed over a fraction of a stride)
  // and on average (over several strides), and the mean square angle between them.
  const quick = { x: 0, y: 0, z: 0 };
  const steady = { x: 0, y: 0, z: 0 };
  const quickAlpha = 1 - Math.exp((-2 * Math.PI * TILT_QUICK_HZ * dt) / 1000);
  const steadyAlpha = 1 - Math.exp((-2 * Math.PI * TILT_STEADY_HZ * dt) / 1000);
  const middleFirst = { x: 0, y: 0, z: 0 };
  const middle = { x: 0, y: 0, z: 0 };
  const middleAlpha = 1 - Math.exp((-2 * Math.PI * TURN_MEAN_HZ * dt) / 1000);
  const swingAlpha = 1 - Math.exp(-dt / o.periodTauMs);
  let swing = 0;
  // Step state.
  let lastCandidateT = Number.NEGATIVE_INFINITY;
  let walking = false;
  let period = 0;
  let residual = 0;
  const bout: number[] = [];
  // Period state: the band signal's recent history at AC_HZ (a ring) and its running autocorrelation.
  const acEvery = Math.max(1, Math.round(o.internalHz / AC_HZ));
  const acDt = dt * acEvery;
  const acAlpha = 1 - Math.exp(-acDt / o.periodTauMs);
  const maxLag = Math.max(2, Math.round(o.maxLagMs / acDt));
  const minLag = Math.max(1, Math.round(o.minStepMs / acDt));
  const bandHistory = new Float64Array(maxLag + 1);
  const impactHistory = new Float64Array(maxLag + 1);
  const bandCorr = new Float64Array(maxLag + 1);
  const impactCorr = new Float64Array(maxLag + 1);
  const turnHistory = new Float64Array(3 * (maxLag + 1));
  const turnCorr = new Float64Array(maxLag + 1);
  let impactSum = 0;
  let impactMean = 0;
  let historyPos = 0;
  let acPhase = 0;

  function reset(sample: MotionSample, m: number): void {
    const t = sample.t;
    last.x = quick.x = steady.x = middleFirst.x = middle.x = sample.x;
    last.y = quick.y = steady.y = middleFirst.y = middle.y = sample.y;
    last.z = quick.z = steady.z = middleFirst.z = middle.z = sample.z;
    swing = 0;
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
    bandHistory.fill(0);
    impactHistory.fill(0);
    bandCorr.fill(0);
    impactCorr.fill(0);
    turnHistory.fill(0);
    turnCorr.fill(0);
    impactSum = 0;
    impactMean = 0;
    historyPos = 0;
    acPhase = 0;
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
   * Follows how far the phone turns: a phone on a swinging limb (a hand, a thigh) turns by tens of
   * degrees every stride, one on the trunk or in a bag by a few.
   */
  function trackTilt(x: number, y: number, z: number): void {
    quick.x += quickAlpha * (x - quick.x);
    quick.y += quickAlpha * (y - quick.y);
    quick.z += quickAlpha * (z - quick.z);
    steady.x += steadyAlpha * (x - steady.x);
    steady.y += steadyAlpha * (y - steady.y);
    steady.z += steadyAlpha * (z - steady.z);
    middleFirst.x += middleAlpha * (x - middleFirst.x);
    middleFirst.y += middleAlpha * (y - middleFirst.y);
    middleFirst.z += middleAlpha * (z - middleFirst.z);
    middle.x += middleAlpha * (middleFirst.x - middle.x);
    middle.y += middleAlpha * (middleFirst.y - middle.y);
    middle.z += middleAlpha * (middleFirst.z - middle.z);
    const norms = Math.sqrt(
      (quick.x * quick.x + quick.y * quick.y + quick.z * quick.z) *
        (steady.x * steady.x + steady.y * steady.y + steady.z * steady.z),
    );
    const cos = norms > 0 ? (quick.x * steady.x + quick.y * steady.y + quick.z * steady.z) / norms : 1;
    // 2 (1 - cos θ) is θ² for the angles that matter here, without an acos per sample.
    swing += swingAlpha * (2 * (1 - Math.min(1, cos)) - swing);
  }

  /**
   * Feeds the running autocorrelations, at AC_HZ: of the band signal, and of the impacts (the
   * mean size of the magnitude above IMPACT_HZ, where heel strikes show and the gait's swings don't).
   * Each lag's product is averaged over the last few seconds: O(lags) per sample.
   */
  function trackPeriod(band: number, impact: number): void {
    impactSum += Math.abs(impact);
    if (++acPhase < acEvery) return;
    acPhase = 0;
    const size = impactSum / acEvery;
    impactSum = 0;
    impactMean += acAlpha * (size - impactMean);
    const jolt = size - impactMean;
    historyPos = historyPos === maxLag ? 0 : historyPos + 1;
    bandHistory[historyPos] = band;
    impactHistory[historyPos] = jolt;
    // The phone's turn: the part of its direction across the average one, sin θ along the way it
    // turned, which changes sign as the phone swings through the middle (the part along it,
    // 1 - cos θ, does not).
    const quickNorm = Math.sqrt(quick.x * quick.x + quick.y * quick.y + quick.z * quick.z);
    const middleNorm = Math.sqrt(middle.x * middle.x + middle.y * middle.y + middle.z * middle.z);
    let x = 0;
    let y = 0;
    let z = 0;
    if (quickNorm > 0 && middleNorm > 0) {
      const along = (quick.x * middle.x + quick.y * middle.y + quick.z * middle.z) / (quickNorm * middleNorm);
      x = quick.x / quickNorm - (along * middle.x) / middleNorm;
      y = quick.y / quickNorm - (along * middle.y) / middleNorm;
      z = quick.z / quickNorm - (along * middle.z) / middleNorm;
    }
    turnHistory[3 * historyPos] = x;
    turnHistory[3 * historyPos + 1] = y;
    turnHistory[3 * historyPos + 2] = z;
    // The ring, read backwards from the newest sample.
    for (let lag = 0, i = historyPos; lag <= maxLag; lag++, i = i === 0 ? maxLag : i - 1) {
      bandCorr[lag] += acAlpha * (band * bandHistory[i] - bandCorr[lag]);
      impactCorr[lag] += acAlpha * (jolt * impactHistory[i] - impactCorr[lag]);
      const past = x * turnHistory[3 * i] + y * turnHistory[3 * i + 1] + z * turnHistory[3 * i + 2];
      turnCorr[lag] += acAlpha * (past - turnCorr[lag]);
    }
  }

  /**
   * The impacts' best autocorrelation within a few lags of `lag`, relative to their energy: heel
   * strikes are short, so their correlation peaks are narrow and the step's timing wavers.
   */
  function impactPeriodicity(lag: number): number {
    if (!(impactCorr[0] > 0)) return 0;
    let best = Number.NEGATIVE_INFINITY;
    const from = Math.max(1, Math.floor(lag) - IMPACT_LAG_SLACK);
    const to = Math.min(maxLag, Math.ceil(lag) + IMPACT_LAG_SLACK);
    for (let i = from; i <= to; i++) if (impactCorr[i] > best) best = impactCorr[i];
    return best / impactCorr[0];
  }

  /** The band's autocorrelation at the lags either side of `lag`, the better of the two. */
  function bandCorrNear(lag: number): number {
    const i = Math.min(maxLag - 1, Math.floor(lag));
    return Math.max(bandCorr[i], bandCorr[i + 1]);
  }

  /**
   * How the phone's turn one `lag` apart compares with its turn now, relative to its energy: near 1
   * when it swings once per lag, near -1 when it turns back every lag.
   */
  function swingCorrelation(lag: number): number {
    return turnCorr[0] > 0 ? turnCorrAt(lag) / turnCorr[0] : 0;
  }

  /** The turn's autocorrelation at a fractional lag, through the three nearest lags. */
  function turnCorrAt(lag: number): number {
    const i = Math.max(1, Math.min(maxLag - 1, Math.round(lag)));
    const u = lag - i;
    const a = turnCorr[i - 1];
    const b = turnCorr[i];
    const c = turnCorr[i + 1];
    return b + (u * (c - a)) / 2 + (u * u * (c - 2 * b + a)) / 2;
  }

  /**
   * Whether cycles of the magnitude `lag` long are those of a phone swung by hand, not of a walk.
   * A rotation alone makes the magnitude repeat twice per swing (largest as the phone passes the
   * middle of its swing, smallest at its ends), so a phone that turns back every cycle, all the
   * way (the turn itself reverses, not just its size), is swung. A walk with the phone swinging so,
   * once per two steps, has its heel strikes land every cycle, and the body's braking and push-off
   * tilt the phone the same way every step besides; a member standing still and swinging the
   * phone shows neither, and takes no step. Cycles longer than a third of the autocorrelation's
   * reach (a step over 0.67 s) are judged by one and two cycles apart, over a second by heel
   * strikes alone.
   */
  function swungInPlace(lag: number): boolean {
    if (
      Math.sqrt(swing) < o.minSwungRad ||
      swingCorrelation(lag) > -SWING_REVERSES ||
      (inputMs <= MAX_IMPACT_INPUT_MS && impactPeriodicity(lag) >= SWUNG_IMPACT_PERIODICITY)
    )
      return false;
    // The part of the turn that comes back the same way every cycle rather than reversing: a
    // walk's braking and push-off tilt the phone once per step. The swing's part of the
    // autocorrelation alternates in sign from one cycle apart to the next, and weighing one, two
    // and three cycles apart 1:2:1 cancels it even while the swing grows or shrinks.
    let repeating: number;
    if (3 * lag <= maxLag - 1)
      repeating = (turnCorrAt(lag) + 2 * turnCorrAt(2 * lag) + turnCorrAt(3 * lag)) / 4;
    else if (2 * lag <= maxLag - 1) repeating = (turnCorrAt(lag) + turnCorrAt(2 * lag)) / 2;
    else return true;
    return !(repeating >= o.minStepTurnRad * o.minStepTurnRad);
  }

  /**
   * The step period in ms, or 0 when unknown. The gait repeats every stride and, when both steps
   * look alike, every step too: the shortest lag of the band signal that correlates nearly as well
   * as the best one is the gait's period. A period too long for a brisk step is a stride (an arm
   * or a thigh swinging once per two steps) when the heel strikes, one per step, repeat at half of
   * it, or when the phone swings with a limb; otherwise it may be a very slow step, and the period
   * is left unknown (the classic gate then counts one step per cycle).
   */
  function stepPeriodMs(): number {
    const energy = bandCorr[0];
    if (!(energy > 0)) return 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) if (bandCorr[lag] > best) best = bandCorr[lag];
    if (best < o.minPeriodicity * energy) return 0;
    for (let lag = minLag; lag < maxLag; lag++) {
      const b = bandCorr[lag];
      if (b < o.periodTolerance * best || b < bandCorr[lag - 1] || b < bandCorr[lag + 1]) continue;
      // Parabolic interpolation between the lags for a period finer than the lag grid.
      const a = bandCorr[lag - 1];
      const c = bandCorr[lag + 1];
      const curvature = a - 2 * b + c;
      const periodLag = lag + (curvature < 0 ? (0.5 * (a - c)) / curvature : 0);
      const periodMs = periodLag * acDt;
      // A period as long as a stride may hold two of the magnitude's cycles that the tolerance
      // above told apart (the autocorrelation still settling, a swing's size wavering): the
      // magnitude's own cycle is then half of it.
      const half = periodMs >= o.minStrideMs ? bandCorrNear(periodLag / 2) / b : 0;
      const halves = half >= HALF_REPEATS;
      const cycle = halves ? periodLag / 2 : periodLag;
      if (swungInPlace(cycle)) return NOT_WALKING;
      if (periodMs < o.minStrideMs) return periodMs;
      const turning = Math.sqrt(swing);
      const whole = impactPeriodicity(periodLag);
      const halfStride = impactPeriodicity(periodLag / 2);
      // Heel strikes at half the period: each is a step, the period a stride.
      if (halfStride >= o.minImpactPeriodicity && halfStride >= IMPACT_STEP_SHARE * whole)
        return periodMs / 2;
      // No heel strike between: a stride of a swinging limb whose other leg lands too softly to
      // show, or a very slow step. The limb turns the phone by tens of degrees, once a stride, and
      // the magnitude's cycle is the whole stride; the trunk (a stroll with the phone in a chest
      // pocket or a bag) barely turns.
      return turning >= o.minLimbSwingRad &&
        half < STRIDE_HALF_REPEATS &&
        swingCorrelation(periodLag) >= SWING_REPEATS &&
        periodMs <= o.maxPriorStrideMs
        ? periodMs / 2
        : 0;
    }
    return 0;
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
      if (swungInPlace(mean / acDt)) {
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
    const step = stepPeriodMs();
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
    trackPeriod(band, impactHp2.step(impactHp1.step(m)));
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
        trackTilt(
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
