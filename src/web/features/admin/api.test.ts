import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { adminCheckQueryOptions, isAdminQueryOptions } from "./api";

/**
 * What a screen that reads `isAdmin` (useIsAdmin) sees while the admin check is asked, and how many
 * times it is told to re-render: an observer as useQuery makes it, with the answer `answer`.
 */
async function watchAnswer(
  options: typeof isAdminQueryOptions | typeof adminCheckQueryOptions,
  answer: boolean | null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(client, { ...options, queryFn: async () => answer });
  const seen: unknown[] = [];
  let rerenders = 0;
  // useQuery tracks what the screen reads of the result: here its data only.
  seen.push(observer.trackResult(observer.getCurrentResult()).data);
  const unsubscribe = observer.subscribe((result) => {
    rerenders++;
    seen.push(observer.trackResult(result).data);
  });
  await client.fetchQuery({ queryKey: options.queryKey, queryFn: async () => answer });
  await new Promise((resolve) => setTimeout(resolve, 20));
  unsubscribe();
  return { seen, rerenders };
}

describe("the admin check as screens read it", () => {
  it("is 'not an admin' while asked, and the answer 'not an admin' re-renders nothing", async () => {
    const { seen, rerenders } = await watchAnswer(isAdminQueryOptions, false);
    expect(seen).toEqual([false]);
    expect(rerenders).toBe(0);
  });

  it("a signed-out answer (null: the session ended) is 'not an admin' too, and re-renders nothing", async () => {
    const { seen, rerenders } = await watchAnswer(isAdminQueryOptions, null);
    expect(seen).toEqual([false]);
    expect(rerenders).toBe(0);
  });

  it("an admin's answer re-renders the screen with it", async () => {
    const { seen, rerenders } = await watchAnswer(isAdminQueryOptions, true);
    expect(seen.at(-1)).toBe(true);
    expect(rerenders).toBeGreaterThan(0);
  });

  it("the plain check (the admin guard's, which waits for it) re-renders on every answer", async () => {
    const { seen, rerenders } = await watchAnswer(adminCheckQueryOptions, false);
    expect(seen.at(-1)).toBe(false);
    expect(rerenders).toBeGreaterThan(0);
  });
});
