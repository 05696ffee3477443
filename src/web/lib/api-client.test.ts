import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, getQueryFn } from "./api-client";

const FP = "Abcdefghijklmnopqrstuvwxyz012345";

function fakeStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

let storage: ReturnType<typeof fakeStorage>;
let assign: ReturnType<typeof vi.fn>;

function respond(status: number, body: string, statusText = "") {
  const fetchMock = vi.fn(async () => new Response(body, { status, statusText }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

beforeEach(() => {
  storage = fakeStorage({ deviceFingerprint: FP, user: '{"id":1}' });
  assign = vi.fn();
  vi.stubGlobal("window", {
    localStorage: storage,
    location: { pathname: "/wallet", search: "?tab=history", assign },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends JSON headers, the fingerprint and cookies on every request, GET by default", async () => {
    const fetchMock = respond(200, '{"ok":true}');
    await expect(apiRequest("/api/x")).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/x");
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("include");
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "X-Device-Fingerprint": FP });
    expect(init.body).toBeUndefined();
  });

  it("adds extra headers without replacing the standard ones", async () => {
    const fetchMock = respond(200, "");
    await apiRequest("/api/x", {
      method: "POST",
      headers: { "Idempotency-Key": "k-1", "Content-Type": "text/plain" },
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({
      "Idempotency-Key": "k-1",
      "Content-Type": "application/json",
      "X-Device-Fingerprint": FP,
    });
  });

  it("serialises objects and passes strings through", async () => {
    const fetchMock = respond(200, "");
    await expect(apiRequest("/api/x", { method: "POST", body: { a: 1 } })).resolves.toBeNull();
    await apiRequest("/api/x", { method: "POST", body: '{"raw":true}' });
    const bodies = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].body);
    expect(bodies).toEqual(['{"a":1}', '{"raw":true}']);
  });

  it("takes the message from JSON, else the raw text, else the status text", async () => {
    respond(409, '{"message":"Username already taken","code":"CONFLICT"}');
    await expect(apiRequest("/api/x")).rejects.toMatchObject({
      message: "Username already taken",
      status: 409,
    });
    respond(500, "plain failure");
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ message: "plain failure" });
    respond(502, "", "Bad Gateway");
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ message: "Bad Gateway" });
  });

  it("a rejected session clears the stored user and goes to /login, coming back to the page afterwards", async () => {
    respond(401, '{"message":"Signed in on another device","deviceChanged":true}');
    await expect(apiRequest("/api/x")).rejects.toMatchObject({
      message: "Signed in on another device",
      sessionRejected: true,
    });
    expect(storage.data.has("user")).toBe(false);
    expect(assign).toHaveBeenCalledWith(`/login?next=${encodeURIComponent("/wallet?tab=history")}`);

    respond(401, '{"sessionInvalid":true}');
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ message: "Session expired" });
  });

  it("a banned member's session goes to the suspended page with the server's words, not to /login", async () => {
    const body = {
      message: "This account is suspended: Fake steps. Contact support.",
      code: "ACCOUNT_SUSPENDED",
      sessionInvalid: true,
      suspended: true,
    };
    respond(401, JSON.stringify(body));
    await expect(apiRequest("/api/x")).rejects.toMatchObject({
      message: body.message,
      code: "ACCOUNT_SUSPENDED",
      sessionRejected: true,
    });
    expect(storage.data.has("user")).toBe(false);
    expect(assign).toHaveBeenCalledWith("/suspended");

    // Already on a page a suspended member may read: it stays.
    for (const pathname of ["/suspended", "/login", "/help"]) {
      assign.mockClear();
      vi.stubGlobal("window", { localStorage: storage, location: { pathname, search: "", assign } });
      respond(401, JSON.stringify(body));
      await expect(apiRequest("/api/x")).rejects.toMatchObject({ code: "ACCOUNT_SUSPENDED" });
      expect(assign).not.toHaveBeenCalled();
    }
  });

  it("device verification, HTML and invalid JSON have their own messages", async () => {
    respond(401, '{"requiresDeviceVerification":true}');
    await expect(apiRequest("/api/x")).rejects.toMatchObject({
      message: "Device verification required for secure access",
    });
    respond(200, "<!DOCTYPE html><html></html>");
    await expect(apiRequest("/api/x")).rejects.toMatchObject({
      status: 401,
      message: "Authentication required",
    });
    respond(200, "{not json");
    await expect(apiRequest("/api/x")).rejects.toMatchObject({ message: "Invalid JSON response: {not json" });
  });
});

describe("getQueryFn", () => {
  const run = (fn: ReturnType<typeof getQueryFn>, key: string) =>
    (fn as (ctx: { queryKey: readonly unknown[]; signal: AbortSignal }) => Promise<unknown>)({
      queryKey: [key],
      signal: new AbortController().signal,
    });

  it("GETs the first element of the key; 401 gives null or 'Authentication required'", async () => {
    const fetchMock = respond(401, '{"message":"Not signed in","code":"UNAUTHENTICATED"}');
    await expect(run(getQueryFn({ on401: "returnNull" }), "/api/auth/user")).resolves.toBeNull();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe("/api/auth/user");
    const error = await run(getQueryFn({ on401: "throw" }), "/api/auth/user").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Authentication required");
  });

  it("404 gives null only when asked", async () => {
    respond(404, '{"message":"Not found"}');
    await expect(run(getQueryFn({ on401: "throw", on404: "returnNull" }), "/api/x")).resolves.toBeNull();
    await expect(run(getQueryFn({ on401: "throw" }), "/api/x")).rejects.toMatchObject({ status: 404 });
  });
});
