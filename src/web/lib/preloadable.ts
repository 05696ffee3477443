import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadOnce } from "./load-once";

/**
 * A lazy component whose chunk can be fetched ahead of its render: the download is shared
 * between `preload` and the first render; a failed one is tried afresh.
 */
export function preloadable<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<M> } {
  const preload = loadOnce(load);
  return { component: lazy(async () => ({ default: pick(await preload()) })), preload };
}
