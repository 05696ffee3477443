import type { DefaultDetectorOptions } from "./default-detector";
import type { MotionSample } from "./types";

/** Rate of the autocorrelation that finds the gait's period (the band signal is below 3.5 Hz). */
const AC_HZ = 25;
/** Heel strikes are sharp: above this frequency the gait's swings are gone and impacts remain. */
export const IMPACT_HZ = 10;
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
export const NOT_WALKING = -1;
/** The magnitude repeating at half a stride-long period at least this share as well: two cycles. */
const HALF_REPEATS = 0.5;
/** A stride of a swinging limb: the magnitude at half the period correlates less than this share. */
const STRIDE_HALF_REPEATS = 0.35;

/**
 * The gait analysis behind the default detector (its pipeline's steps 7 and 8): the phone's tilt
 * and turn, and running autocorrelations of the band signal, of the heel strikes and of the turn,
 * from which the step period comes and a phone swung in place is told from a walk.
 */
export interface GaitAnalysis {
  /** Interval (ms) of the autocorrelations' samples, taken every few of the internal grid's. */
  readonly acDt: number;
  /** Restarts the analysis from one sample (after a gap in the input). */
  reset(sample: MotionSample): void;
  /** Feeds the specific force on the internal grid. */
  trackTilt(x: number, y: number, z: number): void;
  /** Feeds the band signal and the magnitude above IMPACT_HZ on the internal grid. */
  trackPeriod(band: number, impact: number): void;
  /** The step period in ms, 0 when unknown, NOT_WALKING for a phone swung in place. */
  stepPeriodMs(inputMs: number): number;
  /** Whether cycles of the magnitude `lag` (of acDt) long are those of a phone swung by hand. */
  swungInPlace(lag: number, inputMs: number): boolean;
}

/**
 * `dt` is the internal grid's interval, ms. `inputMs`, where asked, is the input's recent interval
 * between samples, ms.
 */
export function createGaitAnalysis(o: DefaultDetectorOptions, dt: number): GaitAnalysis {
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

  function reset(sample: MotionSample): void {
    quick.x = steady.x = middleFirst.x = middle.x = sample.x;
    quick.y = steady.y = middleFirst.y = middle.y = sample.y;
    quick.z = steady.z = middleFirst.z = middle.z = sample.z;
    swing = 0;
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
  function swungInPlace(lag: number, inputMs: number): boolean {
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
  function stepPeriodMs(inputMs: number): number {
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
      if (swungInPlace(cycle, inputMs)) return NOT_WALKING;
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

  return { acDt, reset, trackTilt, trackPeriod, stepPeriodMs, swungInPlace };
}
