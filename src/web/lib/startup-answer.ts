import { hashKey, type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isUnauthorizedError } from "./query-client";

/**
 * How long an answer asked for at start-up may stand in for the screen's own request: the
 * screen normally mounts a second or two after the start; one met much later (the access gate
 * sent the member elsewhere first) asks again.
 */
export const STARTUP_ANSWER_FRESH_MS = 10_000;

/** Hashed keys of answers asked for at start-up that no screen has shown yet. */
const unused = new Set<string>();

/**
 * Asks for a screen's first data at start-up, alongside the session request, rather than after
 * the screen's chunk has arrived and rendered (`prefetch` fills the query of `queryKey`). Most
 * screens' answers are stale at once, so their first render would ask again: the answer is
 * marked, and the first screen that shows it (`useStartupAnswer`) does not refetch on mount.
 * A stored user whose session has ended gets null or 401: nothing is kept for the next sign-in
 * (unless null is one of the query's answers, `nullIsAnAnswer`: then only a 401 is).
 */
export async function prefetchAtStartup(
  client: QueryClient,
  queryKey: QueryKey,
  prefetch: () => Promise<void>,
  { nullIsAnAnswer = false }: { nullIsAnAnswer?: boolean } = {},
): Promise<void> {
  const hash = hashKey(queryKey);
  unused.add(hash);
  await prefetch();
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query) return;
  if ((query.state.data === null && !nullIsAnAnswer) || isUnauthorizedError(query.state.error)) {
    unused.delete(hash);
    if (query.getObserversCount() === 0) client.removeQueries({ queryKey, exact: true });
  }
}

/**
 * Whether an answer asked for at start-up waits for a screen: not shown yet, and on its way or
 * at most STARTUP_ANSWER_FRESH_MS old. Only reads: a render React throws away (a screen rendered
 * ahead while a chunk loads) must not use it up.
 */
export function startupAnswerWaiting(client: QueryClient, queryKey: QueryKey): boolean {
  if (!unused.has(hashKey(queryKey))) return false;
  const state = client.getQueryState(queryKey);
  if (!state || state.dataUpdatedAt === 0) return true;
  return Date.now() - state.dataUpdatedAt <= STARTUP_ANSWER_FRESH_MS;
}

/** A screen has shown the answer asked for at start-up: later screens ask again. */
export function startupAnswerShown(queryKey: QueryKey): void {
  unused.delete(hashKey(queryKey));
}

/**
 * Whether this screen shows the answer asked for at start-up, for its query's
 * `refetchOnMount: !taken`: true for the first screen mounted while it waits, false for every
 * later one, which refetches on mount as usual. Only the mount is spared: intervals, focus,
 * reconnect and the invalidations after a change refetch as before.
 */
export function useStartupAnswer(queryKey: QueryKey): boolean {
  const client = useQueryClient();
  const [taken] = useState(() => startupAnswerWaiting(client, queryKey));
  // Used up once this screen is on the page (an effect runs only for a render that was kept).
  const hash = hashKey(queryKey);
  useEffect(() => {
    if (taken) unused.delete(hash);
  }, [taken, hash]);
  return taken;
}
