import { describe, expect, it } from "vitest";
import { createDetector, type MotionSample } from "./index";
import {
  frontPocket,
  type GaitOptions,
  noise,
  stroll,
  swingingHand,
  synth,
  walkingSteps,
} from "./synthetic.test-helpers";

// The placements where the magnitude's dominant period is the stride (two steps), not the step:
// a phone in a swinging hand and one in a front trouser pocket. Walks last two minutes, as a
// member's walks do; the first seconds of a walk, before a bout is recognised, cost 2-3 steps.

function count(samples: readonly MotionSample[]): number {
  const d = createDetector("default");
  let pushed = 0;
  for (const s of samples) pushed += d.push(s);
  expect(pushed).toBe(d.total());
  return d.total();
}

const SECONDS = 120;

/** Walkers: gentle to vigorous, a weak to a strong bounce per step, heel strikes from none to firm. */
const WALKERS: (GaitOptions & { name: string })[] = [
  { name: "gentle, soft heel strikes", amplitude: 0.6, stepRatio: 0.3, impact: 0.5, seed: 3 },
  { name: "average", amplitude: 1, stepRatio: 0.5, impact: 1, seed: 4 },
  { name: "vigorous, no heel strikes felt", amplitude: 1.4, stepRatio: 0.8, impact: 0, seed: 5 },
];

const PLACEMENTS = { "swinging hand": swingingHand, "front pocket": frontPocket } as const;

/** Relative error of the count on one walk of `SECONDS`. */
function walkError(
  placement: keyof typeof PLACEMENTS,
  cadence: number,
  hz: number,
  walker: GaitOptions,
): number {
  const expected = walkingSteps(SECONDS, cadence);
  return Math.abs(count(PLACEMENTS[placement](SECONDS, hz, cadence, walker)) - expected) / expected;
}

const PLACEMENT_NAMES = Object.keys(PLACEMENTS) as (keyof typeof PLACEMENTS)[];
const CADENCES = [1.6, 1.9, 2.2];
const RATES = [30, 100];
const RATE_WALKER: GaitOptions = { amplitude: 0.8, stepRatio: 0.4, impact: 0.7, seed: 8 };

describe("default detector in placements dominated by the stride", () => {
  for (const placement of PLACEMENT_NAMES) {
    for (const cadence of CADENCES) {
      for (const walker of WALKERS) {
        it(`${placement}, ${walker.name}, ${cadence} steps/s at 60 Hz: within 3%`, () => {
          expect(walkError(placement, cadence, 60, walker)).toBeLessThanOrEqual(0.03);
        });
      }
    }
    for (const hz of RATES) {
      it(`${placement} sampled at ${hz} Hz: within 3%`, () => {
        expect(walkError(placement, 1.8, hz, RATE_WALKER)).toBeLessThanOrEqual(0.03);
      });
    }
  }

  it("is within 1.5% on average over those walks", () => {
    const errors: number[] = [];
    for (const placement of PLACEMENT_NAMES) {
      for (const cadence of CADENCES)
        for (const walker of WALKERS) errors.push(walkError(placement, cadence, 60, walker));
      for (const hz of RATES) errors.push(walkError(placement, 1.8, hz, RATE_WALKER));
    }
    expect(errors.reduce((a, e) => a + e, 0) / errors.length).toBeLessThanOrEqual(0.015);
  });

  it("a front-pocket walk, a pause standing still, and another walk count within 3%", () => {
    const rand = noise(21);
    const first = frontPocket(60, 60, 1.9, { seed: 6 });
    const pause = synth(20, 60, () => ({ x: 0.1 * rand(), y: 0.1 * rand(), z: 0.1 * rand() }), 3).map(
      (s) => ({
        ...s,
        t: s.t + 60_000,
      }),
    );
    const second = frontPocket(60, 60, 1.9, { seed: 7 }).map((s) => ({ ...s, t: s.t + 80_000 }));
    const expected = 2 * walkingSteps(60, 1.9);
    const n = count([...first, ...pause, ...second]);
    expect(Math.abs(n - expected) / expected).toBeLessThanOrEqual(0.03);
  });
});

describe("default detector on a slow stroll, one step as long as a brisk stride", () => {
  // Nothing swings the phone and the heel strikes (if any reach it) come once per period: one
  // step per cycle, never two.
  for (const cadence of [0.9, 1.0, 1.1, 1.25]) {
    for (const impact of [0, 1]) {
      it(`${cadence} steps/s, ${impact ? "with" : "without"} heel strikes: within 3%`, () => {
        const expected = walkingSteps(SECONDS, cadence);
        const n = count(stroll(SECONDS, 60, cadence, { impact }));
        expect(Math.abs(n - expected) / expected).toBeLessThanOrEqual(0.03);
      });
    }
  }
});
