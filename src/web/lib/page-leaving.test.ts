import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Fresh modules per file: watchPageLeaving's note of the last departure is module state.
let listeners: Map<string, (event: { persisted: boolean }) => void>;

beforeEach(() => {
  vi.useFakeTimers();
  listeners = new Map();
  vi.stubGlobal("window", {
    addEventListener: (type: string, listener: (event: { persisted: boolean }) => void) =>
      listeners.set(type, listener),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
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
    listeners.get("beforeunload")?.({ persisted: false });
    navigate.mockClear();
    vi.advanceTimersByTime(1_000);
    navigateUnlessLeaving(navigate);
    expect(navigate).not.toHaveBeenCalled();
    // Ten seconds in all: a slow phone's sign-out still lands where the member sent it.
    expect(LEAVING_GRACE_MS).toBe(10_000);
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

  it("a page restored from the back/forward cache drops the redirects it held, and redirects at once again", async () => {
    const { navigateUnlessLeaving, watchPageLeaving } = await import("./page-leaving");
    watchPageLeaving();
    const held = vi.fn();
    listeners.get("beforeunload")?.({ persisted: false });
    navigateUnlessLeaving(held);
    // Not restored (a first show): nothing changes.
    listeners.get("pageshow")?.({ persisted: false });
    // Back from the cache: the held redirect is dropped, a new one is not held.
    listeners.get("pageshow")?.({ persisted: true });
    vi.advanceTimersByTime(60_000);
    expect(held).not.toHaveBeenCalled();
    const now = vi.fn();
    navigateUnlessLeaving(now);
    expect(now).toHaveBeenCalledTimes(1);
  });
});
