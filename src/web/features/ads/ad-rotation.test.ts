import { describe, expect, it } from "vitest";
import { AdViewCounter, advance, betweenContentIndex, rotationCounter, shownIndex } from "./ad-rotation";

/** Runs the slot: the ads shown over `ticks` rotations and the views counted, in order. */
function runSlot(ids: number[], ticks: number) {
  const counter = new AdViewCounter();
  const shown: number[] = [];
  const views: number[] = [];
  let position = 0;
  for (let t = 0; t <= ticks; t++) {
    const id = ids[shownIndex(position, ids.length)];
    shown.push(id);
    // The effect may run twice for one render (StrictMode): the second call counts nothing.
    for (let run = 0; run < 2; run++) if (counter.shown(id)) views.push(id);
    position = advance(position, ids.length);
  }
  return { shown, views };
}

describe("the ad slot's rotation", () => {
  it("shows the ads in order and wraps around to the first", () => {
    expect(runSlot([7, 3, 9], 4).shown).toEqual([7, 3, 9, 7, 3]);
  });

  it("counts a view for the first ad and each time the shown ad changes, once per change", () => {
    expect(runSlot([7, 3], 3).views).toEqual([7, 3, 7, 3]);
  });

  it("counts a single ad once however often the slot ticks", () => {
    expect(runSlot([5], 6)).toEqual({ shown: [5, 5, 5, 5, 5, 5, 5], views: [5] });
  });

  it("counts nothing while there is no ad, then the first one that appears", () => {
    const counter = new AdViewCounter();
    expect(counter.shown(undefined)).toBe(false);
    expect(counter.shown(null)).toBe(false);
    expect(counter.shown(4)).toBe(true);
    expect(counter.shown(4)).toBe(false);
  });

  it("keeps the position inside a list that shrank", () => {
    expect(shownIndex(4, 3)).toBe(1);
    expect(shownIndex(2, 0)).toBe(-1);
    expect(advance(4, 2)).toBe(1);
    expect(advance(0, 0)).toBe(0);
  });

  it("shows 'n of m' only with more than one ad", () => {
    expect(rotationCounter(0, 1)).toBeNull();
    expect(rotationCounter(0, 0)).toBeNull();
    expect(rotationCounter(0, 3)).toBe("1 of 3");
    expect(rotationCounter(2, 3)).toBe("3 of 3");
    expect(rotationCounter(3, 3)).toBe("1 of 3");
  });
});

describe("the between-content slot's place in a list", () => {
  it("sits between two cards: after the second, or the first of two, never with fewer", () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => betweenContentIndex(n))).toEqual([null, null, 1, 2, 2, 2]);
  });
});
