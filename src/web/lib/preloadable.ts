import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadOnce } from "./load-once";

/**
 * A lazy component whose chunk can be fetched ahead of its render: the download is shared
 * between `preload` and the first render; a failed one is tried afresh. `ready`, when given, is
 * waited for too (after the chunk) before the first render.
 */
export function preloadable<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  ready?: () => Promise<unknown>,
): { component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<M> } {
  const preload = loadOnce(load);
  return {
    component: lazy(async () => {
      const module = await preload();
      await ready?.();
      return { default: pick(module) };
    }),
    preload,
  };
}
