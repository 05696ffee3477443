import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Its own file: appRenders() flips the module's state for good, and each test file gets fresh modules.
const FP = "Abcdefghijklmnopqrstuvwxyz012345";

beforeEach(() => {
  vi.stubGlobal("window", {
    localStorage: { getItem: () => FP, setItem: () => undefined, removeItem: () => undefined },
    location: { pathname: "/", search: "", assign: vi.fn() },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response('{"ok":true}', { status: 200 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a read's first task", () => {
  it("before the app renders, a read is sent in the task that asks; once it renders, from a task of its own", async () => {
    const { apiRequest, appRenders, appRendering } = await import("./api-client");
    const fetchMock = fetch as unknown as ReturnType<typeof vi.fn>;

    expect(appRendering()).toBe(false);
    const early = apiRequest("/api/auth/user");
    // Sent synchronously: nothing has yielded yet.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await early;

    appRenders();
    expect(appRendering()).toBe(true);
    const later = apiRequest("/api/wallet");
    // Not yet: the read first gives the main thread back (the commit that asked finishes first).
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await later;
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // A write is sent at once either way.
    const write = apiRequest("/api/x", { method: "POST", body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await write;
  });
});
