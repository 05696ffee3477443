import { describe, expect, it } from "vitest";
import { createDetector, type MotionSample } from "./index";
import {
  armSwingWalk,
  frontPocket,
  type GaitOptions,
  noise,
  stroll,
  swingingHand,
  swungPhone,
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

describe("default detector on a phone swung by hand while its holder stands still", () => {
  // A cheat: the phone swung back and forth from the shoulder (a pendulum about the hanging
  // position) with no step taken. The magnitude repeats twice per swing, as a walk's does once per
  // step, but the phone turns back every cycle, with no heel strike and no tilt repeating from one
  // cycle to the next as a walk's braking and push-off make. Before the swing was recognised (the
  // detector of e5bc8a1^) these counted 46-141 steps a minute. The bound: less than one bout of
  // steps (5), the most a swing may cost before it is recognised.
  const SWINGS = { "±17°": 0.3, "±34°": 0.6, "±52°": 0.9 } as const;
  for (const swingHz of [0.4, 0.5, 0.8, 1.0]) {
    for (const [size, swing] of Object.entries(SWINGS)) {
      for (const jitter of [0, 1]) {
        it(`${size} at ${swingHz} Hz for a minute, ${jitter ? "an unsteady hand" : "a steady hand"}: at most 5 steps`, () => {
          expect(count(swungPhone(60, 60, swingHz, { swing, jitter }))).toBeLessThanOrEqual(5);
        });
      }
    }
  }
  for (const hz of [30, 100]) {
    for (const swingHz of [0.5, 1.0]) {
      it(`±34° at ${swingHz} Hz sampled at ${hz} Hz, an unsteady hand: at most 5 steps`, () => {
        expect(count(swungPhone(60, hz, swingHz, { jitter: 1, seed: 3 }))).toBeLessThanOrEqual(5);
      });
    }
  }
});

describe("default detector on a walk with the phone in a hand swinging like a pendulum", () => {
  // The arm swings once a stride about the hanging position, so the phone turns back every step
  // as one swung in place does, and a gentle walker's soft heel strikes barely reach it: what still
  // tells the walk is the tilt of the body's braking and push-off, the same way every step.
  const GENTLE: GaitOptions = { amplitude: 0.6, impact: 0.5 };
  const WALKS: [number, number][] = [
    [1.6, 0.6],
    [1.9, 0.6],
    [2.2, 0.6],
    [1.9, 0.35],
    [2.2, 0.35],
  ];
  for (const [cadence, armLength] of WALKS) {
    it(`${cadence} steps/s, the phone ${armLength} m from the shoulder: within 3%`, () => {
      const expected = walkingSteps(SECONDS, cadence);
      const n = count(armSwingWalk(SECONDS, 60, cadence, { ...GENTLE, armLength }));
      expect(Math.abs(n - expected) / expected).toBeLessThanOrEqual(0.03);
    });
  }
});
