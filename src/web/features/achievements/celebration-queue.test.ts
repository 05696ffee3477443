import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS } from "../../../core/achievements";
import type { Achievement } from "../../../core/schemas/achievements";
import { closeCelebration, emptyCelebration, receiveUnlocks } from "./celebration-queue";

const badge = (id: string): Achievement => {
  const found = ACHIEVEMENTS.find((a) => a.id === id);
  if (!found) throw new Error(id);
  return { ...found, current: found.requirement };
};

describe("the celebration queue", () => {
  it("opens with the new badges and keeps the same state for an empty answer", () => {
    const state = receiveUnlocks(emptyCelebration, 1, [badge("first-steps")]);
    expect(state.shown.map((a) => a.id)).toEqual(["first-steps"]);
    expect(receiveUnlocks(state, 1, [])).toBe(state);
  });

  it("adds a badge once when overlapping answers repeat it", () => {
    let state = receiveUnlocks(emptyCelebration, 1, [badge("first-steps")]);
    state = receiveUnlocks(state, 1, [badge("first-steps"), badge("first-race"), badge("first-race")]);
    expect(state.shown.map((a) => a.id)).toEqual(["first-steps", "first-race"]);
  });

  it("never shows a closed badge again, even when an answer from before the viewed call repeats it", () => {
    const open = receiveUnlocks(emptyCelebration, 1, [badge("first-steps"), badge("team-player")]);
    const { state, toMark } = closeCelebration(open, 1);
    expect(toMark).toEqual(["first-steps", "team-player"]);
    expect(state.shown).toEqual([]);
    const again = receiveUnlocks(state, 1, [badge("first-steps")]);
    expect(again).toBe(state);
  });

  it("keeps closed badges per member, so another member on the same page still sees theirs", () => {
    const { state } = closeCelebration(receiveUnlocks(emptyCelebration, 1, [badge("first-steps")]), 1);
    expect(receiveUnlocks(state, 2, [badge("first-steps")]).shown.map((a) => a.id)).toEqual(["first-steps"]);
  });

  it("has nothing to mark when closed empty", () => {
    expect(closeCelebration(emptyCelebration, 1).toMark).toEqual([]);
  });
});
