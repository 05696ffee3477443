import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys, currentUserQueryOptions } from "./api";

const FP = "Abcdefghijklmnopqrstuvwxyz012345";

// The server's answers to a session it rejected (DESIGN.md section 2.1).
const rejections = [
  { message: "Session expired", code: "SESSION_INVALID", sessionInvalid: true },
  {
    message: "This session belongs to another device. Please sign in again.",
    code: "DEVICE_CHANGED",
    deviceChanged: true,
  },
];

let data: Map<string, string>;
let assign: ReturnType<typeof vi.fn>;

function openAt(pathname: string) {
  data = new Map([
    ["deviceFingerprint", FP],
    ["user", '{"id":1}'],
  ]);
  assign = vi.fn();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    },
    location: { pathname, search: "", assign },
  });
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

/** Runs the current-user query as the app does, with its own retry rules. */
function fetchUser() {
  return new QueryClient().fetchQuery({ ...currentUserQueryOptions, retryDelay: 0 });
}

beforeEach(() => openAt("/"));
afterEach(() => vi.unstubAllGlobals());

describe("the current-user query", () => {
  it("away from /login a rejected session clears the stored user, goes to /login (coming back afterwards) and fails", async () => {
    for (const body of rejections) {
      openAt("/wallet");
      answer(401, body);
      await expect(fetchUser()).rejects.toMatchObject({ status: 401, sessionRejected: true });
      expect(data.has("user")).toBe(false);
      expect(assign).toHaveBeenCalledWith("/login?next=%2Fwallet");
    }
  });

  it("at /login a rejected session is signed out: null, so the login form shows", async () => {
    for (const body of rejections) {
      openAt("/login");
      answer(401, body);
      await expect(fetchUser()).resolves.toBeNull();
      expect(data.has("user")).toBe(false);
      expect(assign).not.toHaveBeenCalled();
    }
  });

  it("the error code alone marks a rejected session", async () => {
    openAt("/login");
    answer(401, { message: "Session expired", code: "SESSION_INVALID" });
    await expect(fetchUser()).resolves.toBeNull();
  });

  it("a plain 401 is signed out anywhere, and a user is remembered", async () => {
    answer(401, { message: "Authentication required", code: "UNAUTHENTICATED" });
    await expect(fetchUser()).resolves.toBeNull();
    expect(data.has("user")).toBe(false);
    answer(200, { id: 7, firstName: "Casey" });
    const client = new QueryClient();
    await expect(client.fetchQuery(currentUserQueryOptions)).resolves.toMatchObject({ id: 7 });
    expect(client.getQueryData(authKeys.user)).toMatchObject({ id: 7 });
    expect(JSON.parse(data.get("user") ?? "null")).toMatchObject({ id: 7 });
  });
});
