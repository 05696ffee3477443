import { type ComponentType, type KeyboardEvent, Suspense, useEffect, useState } from "react";
import { preloadable } from "../../lib/preloadable";
import { DIALOG_PRELOAD_DELAY_MS } from "./lazy-dialog";

/** What the stand-in trigger's button gets: a menu button's role and the ways to open it. */
export interface MenuTriggerProps {
  type: "button";
  "aria-haspopup": "menu";
  "aria-expanded": false;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/**
 * A dropdown menu whose code (Radix's menu, Floating UI's positioning) is not part of the first
 * load of every page that shows its trigger: until it is first opened, `Trigger` draws the same
 * button without that machinery. Pointing at it or focusing it starts loading the menu, as does
 * the screen a few seconds after it appears; a click (or Enter, Space or Arrow Down) opens the
 * menu as soon as it is there, and from then on the loaded menu stays (Radix's trigger, keyboard
 * and focus handling). `load` gives the menu itself, which takes `defaultOpen`.
 */
export function lazyMenu<P extends object>(
  load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>,
  Trigger: ComponentType<P & { trigger: MenuTriggerProps }>,
): ComponentType<P> {
  const { component: Menu, preload } = preloadable(load, (component) => component);
  const warm = () => {
    preload().catch(() => undefined);
  };
  return function LazyMenu(props: P) {
    const [opened, setOpened] = useState(false);
    useEffect(() => {
      const timer = window.setTimeout(warm, DIALOG_PRELOAD_DELAY_MS);
      return () => window.clearTimeout(timer);
    }, []);
    const standIn = (
      <Trigger
        {...props}
        trigger={{
          type: "button",
          "aria-haspopup": "menu",
          "aria-expanded": false,
          onClick: () => setOpened(true),
          onKeyDown: (event) => {
            if (event.key !== "ArrowDown") return;
            event.preventDefault();
            setOpened(true);
          },
          onPointerEnter: warm,
          onFocus: warm,
        }}
      />
    );
    if (!opened) return standIn;
    return (
      <Suspense fallback={standIn}>
        <Menu {...props} defaultOpen />
      </Suspense>
    );
  };
}
