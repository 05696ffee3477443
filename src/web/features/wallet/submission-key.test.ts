import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { convertToFitcoins } from "./api";
import { createSubmissionKeys, newIdempotencyKey, outcomeUnknown, submitWithKey } from "./submission-key";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const converted = JSON.stringify({
  message: "Converted $10.00 to 8.50 FitCoins",
  fitcoins: 8.5,
  fee: "1.50",
  balance: "10.00",
  fitcoinBalance: 8.5,
});

/** fetch answering each call in turn: a Response, or a thrown error (no answer at all). */
function fetchAnswering(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error("unexpected request");
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof fetchAnswering>) {
  return fetchMock.mock.calls.map((call) => {
    const [url, init] = call as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    return { url, key: headers["Idempotency-Key"], body: init.body };
  });
}

/** The dialog's submission: the key settled by the answer, the request sent with it. */
function convert(keys: ReturnType<typeof createSubmissionKeys>, amount: number) {
  return submitWithKey(keys, String(Math.round(amount * 100)), (idempotencyKey) =>
    convertToFitcoins({ amount, idempotencyKey }),
  );
}

beforeEach(() => {
  const storage = new Map([["deviceFingerprint", "Abcdefghijklmnopqrstuvwxyz012345"]]);
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    location: { pathname: "/wallet", assign: vi.fn() },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the conversion's Idempotency-Key", () => {
  it("is sent again when the same conversion is retried after a network error", async () => {
    const fetchMock = fetchAnswering(new TypeError("Failed to fetch"), new Response(converted));
    const keys = createSubmissionKeys();
    await expect(convert(keys, 10)).rejects.toThrow("Failed to fetch");
    await expect(convert(keys, 10)).resolves.toMatchObject({ fitcoins: 8.5 });

    const [first, retry] = sent(fetchMock);
    expect(first?.url).toBe("/api/fitcoin/purchase");
    expect(first?.body).toBe('{"amount":10}');
    expect(first?.key).toMatch(UUID);
    expect(retry?.key).toBe(first?.key);
  });

  it("is sent again after a server error or an unreadable answer (the first may have converted)", async () => {
    const fetchMock = fetchAnswering(
      new Response('{"message":"Internal error"}', { status: 500 }),
      new Response("<not json", { status: 200 }),
      new Response(converted),
    );
    const keys = createSubmissionKeys();
    await expect(convert(keys, 10)).rejects.toBeInstanceOf(ApiError);
    await expect(convert(keys, 10)).rejects.toMatchObject({ code: "INVALID_JSON" });
    await convert(keys, 10);
    const [a, b, c] = sent(fetchMock).map((r) => r.key);
    expect(a).toMatch(UUID);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it("is new for the next conversion once one has succeeded, even of the same amount", async () => {
    const fetchMock = fetchAnswering(new Response(converted), new Response(converted));
    const keys = createSubmissionKeys();
    await convert(keys, 10);
    await convert(keys, 10);
    const [first, second] = sent(fetchMock);
    expect(second?.key).toMatch(UUID);
    expect(second?.key).not.toBe(first?.key);
  });

  it("is new after the server refused the conversion (insufficient funds)", async () => {
    const fetchMock = fetchAnswering(
      new Response('{"message":"Insufficient balance","code":"INSUFFICIENT_FUNDS"}', { status: 422 }),
      new Response(converted),
    );
    const keys = createSubmissionKeys();
    await expect(convert(keys, 10)).rejects.toMatchObject({ status: 422 });
    await convert(keys, 10);
    const [first, second] = sent(fetchMock);
    expect(second?.key).not.toBe(first?.key);
  });

  it("is new when the member changes the amount or closes the dialog after a failure", async () => {
    const fetchMock = fetchAnswering(
      new TypeError("Failed to fetch"),
      new TypeError("Failed to fetch"),
      new TypeError("Failed to fetch"),
    );
    const keys = createSubmissionKeys();
    await expect(convert(keys, 10)).rejects.toThrow();
    await expect(convert(keys, 12)).rejects.toThrow();
    keys.reset();
    await expect(convert(keys, 12)).rejects.toThrow();
    const [a, b, c] = sent(fetchMock).map((r) => r.key);
    expect(new Set([a, b, c]).size).toBe(3);
  });
});

describe("outcomeUnknown", () => {
  it("keeps the key when the request may have been applied or may pass unchanged", () => {
    expect(outcomeUnknown(new TypeError("Failed to fetch"))).toBe(true);
    expect(outcomeUnknown(new DOMException("aborted", "AbortError"))).toBe(true);
    for (const status of [200, 408, 429, 500, 502, 503]) {
      expect(outcomeUnknown(new ApiError(status, "x"))).toBe(true);
    }
  });

  it("closes the submission on the server's definitive refusal", () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(outcomeUnknown(new ApiError(status, "x"))).toBe(false);
    }
  });
});

describe("newIdempotencyKey", () => {
  it("is a UUID v4, different each time, with or without crypto.randomUUID", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(UUID);
    expect(newIdempotencyKey()).not.toBe(a);
    // Pages served over plain http have no crypto.randomUUID.
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes),
    });
    const b = newIdempotencyKey();
    expect(b).toMatch(UUID);
    expect(newIdempotencyKey()).not.toBe(b);
  });
});
