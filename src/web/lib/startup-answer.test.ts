import { type QueryKey, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";
import {
  prefetchAtStartup,
  STARTUP_ANSWER_FRESH_MS,
  startupAnswerShown,
  startupAnswerWaiting,
} from "./startup-answer";

/** What useStartupAnswer does for a screen that mounts: reads, then (committed) uses it up. */
function takeStartupAnswer(client: ReturnType<typeof createQueryClient>, queryKey: QueryKey): boolean {
  const taken = startupAnswerWaiting(client, queryKey);
  if (taken) startupAnswerShown(queryKey);
  return taken;
}

/** A query whose answers are counted: what a screen's list does (stale at once). */
function countingQuery(key: string, answer: () => unknown = () => ["answer"]) {
  const queryKey: QueryKey = [key];
  const calls = { count: 0 };
  const options = {
    queryKey,
    queryFn: async () => {
      calls.count++;
      return answer();
    },
  };
  return { queryKey, calls, options };
}

/** A screen mounting: an observer with `refetchOnMount` as the screen's hook sets it. */
async function mountScreen(client: ReturnType<typeof createQueryClient>, options: object, taken: boolean) {
  const observer = new QueryObserver(client, { ...options, refetchOnMount: !taken } as never);
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe("idle"));
  unsubscribe();
  return observer.getCurrentResult();
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a screen's first answer asked for at start-up", () => {
  it("is shown by the first screen without asking again; a later visit asks again", async () => {
    const client = createQueryClient();
    const { queryKey, calls, options } = countingQuery("/api/first-visit");
    await prefetchAtStartup(client, queryKey, () => client.prefetchQuery(options));
    expect(calls.count).toBe(1);

    const first = await mountScreen(client, options, takeStartupAnswer(client, queryKey));
    expect(first.data).toEqual(["answer"]);
    expect(calls.count).toBe(1);

    const later = takeStartupAnswer(client, queryKey);
    expect(later).toBe(false);
    await mountScreen(client, options, later);
    expect(calls.count).toBe(2);
  });

  it("is not used up by a render React throws away", async () => {
    const client = createQueryClient();
    const { queryKey, calls, options } = countingQuery("/api/thrown-away");
    await prefetchAtStartup(client, queryKey, () => client.prefetchQuery(options));
    expect(startupAnswerWaiting(client, queryKey)).toBe(true);
    await mountScreen(client, options, takeStartupAnswer(client, queryKey));
    expect(calls.count).toBe(1);
  });

  it("still on its way when the screen mounts: one request, not two", async () => {
    const client = createQueryClient();
    const { queryKey, calls, options } = countingQuery("/api/in-flight");
    const prefetched = prefetchAtStartup(client, queryKey, () => client.prefetchQuery(options));
    const result = await mountScreen(client, options, takeStartupAnswer(client, queryKey));
    await prefetched;
    expect(result.data).toEqual(["answer"]);
    expect(calls.count).toBe(1);
  });

  it("is asked again when the screen comes long after the start", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const client = createQueryClient();
    const { queryKey, options } = countingQuery("/api/much-later");
    await prefetchAtStartup(client, queryKey, () => client.prefetchQuery(options));
    vi.setSystemTime(Date.now() + STARTUP_ANSWER_FRESH_MS + 1);
    expect(takeStartupAnswer(client, queryKey)).toBe(false);
  });

  it("is not kept when the stored user's session has ended (null or 401)", async () => {
    const client = createQueryClient();
    const signedOut = countingQuery("/api/signed-out", () => null);
    await prefetchAtStartup(client, signedOut.queryKey, () => client.prefetchQuery(signedOut.options));
    expect(client.getQueryState(signedOut.queryKey)).toBeUndefined();
    expect(takeStartupAnswer(client, signedOut.queryKey)).toBe(false);

    const refused = countingQuery("/api/refused", () => {
      throw new ApiError(401, "Authentication required");
    });
    await prefetchAtStartup(client, refused.queryKey, () => client.prefetchQuery(refused.options));
    expect(client.getQueryState(refused.queryKey)).toBeUndefined();
    expect(takeStartupAnswer(client, refused.queryKey)).toBe(false);
  });

  it("keeps a null answer of a query where null is an answer (no offer this month), not a 401", async () => {
    const client = createQueryClient();
    const none = countingQuery("/api/no-offer", () => null);
    await prefetchAtStartup(client, none.queryKey, () => client.prefetchQuery(none.options), {
      nullIsAnAnswer: true,
    });
    expect(client.getQueryData(none.queryKey)).toBeNull();
    expect(takeStartupAnswer(client, none.queryKey)).toBe(true);
    expect((await mountScreen(client, none.options, true)).data).toBeNull();
    expect(none.calls.count).toBe(1);

    const refused = countingQuery("/api/refused-offer", () => {
      throw new ApiError(401, "Authentication required");
    });
    await prefetchAtStartup(client, refused.queryKey, () => client.prefetchQuery(refused.options), {
      nullIsAnAnswer: true,
    });
    expect(client.getQueryState(refused.queryKey)).toBeUndefined();
  });
});
