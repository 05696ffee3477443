import { describe, expect, it } from "vitest";
import { type ToastItem, toastReducer } from "./use-toast";

const item = (id: string): ToastItem => ({ id, title: id, open: true });

describe("toastReducer", () => {
  it("keeps at most one toast, the newest", () => {
    const state = toastReducer([item("1")], { type: "ADD_TOAST", toast: item("2") });
    expect(state.map((t) => t.id)).toEqual(["2"]);
  });

  it("updates, dismisses (closes) and removes", () => {
    let state = [item("1")];
    state = toastReducer(state, { type: "UPDATE_TOAST", toast: { id: "1", title: "new" } });
    expect(state[0].title).toBe("new");
    state = toastReducer(state, { type: "DISMISS_TOAST", toastId: "1" });
    expect(state[0].open).toBe(false);
    state = toastReducer(state, { type: "REMOVE_TOAST", toastId: "1" });
    expect(state).toEqual([]);
  });
});
