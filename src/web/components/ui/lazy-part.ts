import { useEffect, useRef, useState } from "react";
import { loadOnce } from "../../lib/load-once";

/** How long after the screen that offers a dialog or menu appears its code starts loading anyway. */
export const DIALOG_PRELOAD_DELAY_MS = 3000;

/** A component whose code loads once, on demand or ahead, and is kept once it has arrived. */
export interface LazyPart<C> {
  /** The component, once its code has arrived. */
  current(): C | null;
  /** Starts the load if it is not under way; a failed one is tried afresh (lib/load-once.ts). */
  preload(): Promise<unknown>;
  /** `preload`, its failure left for the opening that needs the code to report. */
  warm(): void;
}

export function lazyPart<C>(load: () => Promise<C>): LazyPart<C> {
  let loaded: C | null = null;
  const preload = loadOnce(async () => {
    loaded = await load();
  });
  return {
    current: () => loaded,
    preload,
    warm: () => {
      preload().catch(() => undefined);
    },
  };
}

/**
 * The part for a screen that offers it: warmed DIALOG_PRELOAD_DELAY_MS after the screen appears
 * (after `warmFrom` turns true, for a part whose owner appears before the screen), loaded at once
 * while `wanted` (re-rendering when it arrives), `onFailed` called when that load fails. Gives the
 * component, or null until its code is here.
 */
export function useLazyPart<C>(
  part: LazyPart<C>,
  wanted: boolean,
  onFailed: () => void,
  warmFrom = true,
): C | null {
  const [, setArrived] = useState(false);
  const failed = useRef(onFailed);
  failed.current = onFailed;
  useEffect(() => {
    if (!warmFrom) return;
    const timer = window.setTimeout(part.warm, DIALOG_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [part, warmFrom]);
  useEffect(() => {
    if (!wanted || part.current()) return;
    let live = true;
    part.preload().then(
      () => live && setArrived(true),
      () => live && failed.current(),
    );
    return () => {
      live = false;
    };
  }, [part, wanted]);
  return part.current();
}
