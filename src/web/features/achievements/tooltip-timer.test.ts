import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACHIEVEMENT_TOOLTIP_MS } from "../../../core/constants";
import { createTooltipTimer } from "./tooltip-timer";

describe("the badge tooltip", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stays open 3 s after a tap or hover, then closes", () => {
    const changes: (string | null)[] = [];
    const timer = createTooltipTimer((id) => changes.push(id));
    timer.show("first-steps");
    vi.advanceTimersByTime(ACHIEVEMENT_TOOLTIP_MS - 1);
    expect(changes).toEqual(["first-steps"]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual(["first-steps", null]);
    expect(ACHIEVEMENT_TOOLTIP_MS).toBe(3_000);
  });

  it("restarts its 3 s on another tap and moves to the badge tapped next", () => {
    const changes: (string | null)[] = [];
    const timer = createTooltipTimer((id) => changes.push(id));
    timer.show("a");
    vi.advanceTimersByTime(2_000);
    timer.show("a");
    vi.advanceTimersByTime(2_000);
    expect(changes).toEqual(["a"]);
    timer.show("b");
    vi.advanceTimersByTime(2_999);
    expect(changes).toEqual(["a", "b"]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual(["a", "b", null]);
  });

  it("closes at once on hide and does nothing after dispose", () => {
    const changes: (string | null)[] = [];
    const timer = createTooltipTimer((id) => changes.push(id));
    timer.show("a");
    timer.hide();
    expect(changes).toEqual(["a", null]);
    timer.show("b");
    timer.dispose();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual(["a", null, "b"]);
  });
});
