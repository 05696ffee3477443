import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Fresh modules per file: watchPageLeaving's note of the last departure is module state.
let listeners: Map<string, () => void>;

beforeEach(() => {
  vi.useFakeTimers();
  listeners = new Map();
  vi.stubGlobal("window", {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a redirect while the page is being left", () => {
  it("happens at once on a page nobody is leaving; waits out the grace once a navigation away started, then happens if the page is still here", async () => {
    const { LEAVING_GRACE_MS, navigateUnlessLeaving, watchPageLeaving } = await import("./page-leaving");
    watchPageLeaving();
    const navigate = vi.fn();

    navigateUnlessLeaving(navigate);
    expect(navigate).toHaveBeenCalledTimes(1);

    // The member signed out: the browser is on its way to /api/logout.
    listeners.get("beforeunload")?.();
    navigate.mockClear();
    vi.advanceTimersByTime(1_000);
    navigateUnlessLeaving(navigate);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LEAVING_GRACE_MS - 1_000 - 1);
    expect(navigate).not.toHaveBeenCalled();
    // Still here (the navigation was a download, or failed): the redirect goes ahead.
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);

    // Long after, a rejected session sends the page on at once again.
    navigate.mockClear();
    navigateUnlessLeaving(navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
