import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { createExternalStore, useExternalStore } from "./external-store";
import { whenIdle } from "./when-idle";
import { afterNextPaint } from "./yield-to-main";

/**
 * The longest the layout's own reads (the bell's count, the admin check, the badge check) are held
 * back, counted from when the layout first asks (a screen whose code or reads are slow to arrive
 * does not hold them longer): they then go anyway.
 */
export const FIRST_SCREEN_WAIT_MS = 3_000;

/**
 * Whether the app's first screen is on the page: its reads answered and a frame painted with them.
 * Until then the layout's reads that the member does not need first wait, so that the screen's own
 * requests and its render have the phone's network and main thread to themselves: on a slow phone
 * each of those reads was a request and a render more between the member and their page.
 */
const settled = createExternalStore(false);

let capStarted = false;

/**
 * Whether the first screen has settled (it stays so for the rest of the visit), at the latest
 * FIRST_SCREEN_WAIT_MS after the first component asked.
 */
export function useFirstScreenSettled(): boolean {
  useEffect(() => {
    if (capStarted) return;
    capStarted = true;
    window.setTimeout(() => settled.set(true), FIRST_SCREEN_WAIT_MS);
  }, []);
  return useFirstScreenSettledNow();
}

/**
 * Whether the first screen has settled, without the cap: for what waits for the screen itself, not
 * for the layout's reads (a lazy part warmed after the screen).
 */
export function useFirstScreenSettledNow(): boolean {
  return useExternalStore(settled);
}

/**
 * Calls `then` once `client` has no read in flight, then a frame later; returns a cancel. Called from
 * an effect after a screen's own, it finds the screen's reads started: it waits for their answers.
 */
export function whenReadsSettled(client: QueryClient, then: () => void): () => void {
  let cancelled = false;
  let answered = false;
  const check = () => {
    if (answered || client.isFetching() > 0) return;
    answered = true;
    unsubscribe();
    void afterNextPaint().then(() => {
      if (!cancelled) then();
    });
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  check();
  return () => {
    cancelled = true;
    unsubscribe();
  };
}

/** How long the first screen waits for an idle moment once its reads are painted. */
const IDLE_WAIT_MS = 1_000;

/**
 * Rendered after a screen, inside its loading boundary (the access gate): mounts once the screen has
 * rendered, and marks the first screen settled once its reads have answered and been painted and the
 * page has a moment to spare (what the answers set off, a transition or a lazy part, has rendered
 * too).
 */
export function FirstScreenWatch(): null {
  const client = useQueryClient();
  useEffect(() => {
    // Later screens find it settled: the watch is for the visit's first.
    if (settled.get()) return;
    let cancelIdle: (() => void) | null = null;
    const cancelReads = whenReadsSettled(client, () => {
      cancelIdle = whenIdle(() => settled.set(true), IDLE_WAIT_MS);
    });
    return () => {
      cancelReads();
      cancelIdle?.();
    };
  }, [client]);
  return null;
}
