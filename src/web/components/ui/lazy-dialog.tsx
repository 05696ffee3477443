import { type ComponentType, Suspense, useEffect, useState } from "react";
import { preloadable } from "../../lib/preloadable";

/** How long after the screen that offers a dialog appears its code starts loading anyway. */
export const DIALOG_PRELOAD_DELAY_MS = 3000;

/**
 * A dialog whose code is not part of the first load of the screen that offers it (forms with
 * their rules, dialogs seldom opened): it loads in the background a few seconds after that
 * screen appears, or when it first opens, whichever comes first, and stays mounted once opened
 * (its form keeps what the member typed, and resets as it decides). A dialog without an `open`
 * prop is open while rendered.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const { component: Dialog, preload } = preloadable(load, (component) => component);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, as React's lazy is.
  return function LazyDialog(props: P) {
    const open = (props as { open?: boolean }).open !== false;
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    useEffect(() => {
      const timer = window.setTimeout(() => {
        preload().catch(() => undefined);
      }, DIALOG_PRELOAD_DELAY_MS);
      return () => window.clearTimeout(timer);
    }, []);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
