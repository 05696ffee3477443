import { type ComponentType, type KeyboardEvent, type MouseEvent, useState } from "react";
import { lazyPart, useLazyPart } from "./lazy-part";

/** What the stand-in trigger's button gets: a menu button's role and the ways to open it. */
export interface MenuTriggerProps {
  type: "button";
  "aria-haspopup": "menu";
  "aria-expanded": false;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/** What the loaded menu gets besides the props: open at once, and how it was asked to open. */
export interface LoadedMenuProps {
  defaultOpen?: boolean;
  /** Opened from the keyboard: its first item takes the focus, as Radix's own trigger does. */
  focusFirstItem?: boolean;
}

/**
 * A dropdown menu whose code (Radix's menu, Floating UI's positioning) is not part of the first
 * load of every page that shows its trigger: until it is first opened, `Trigger` draws the same
 * button without that machinery. Pointing at it or focusing it starts loading the menu, as does
 * the screen a few seconds after it appears; a click (or Enter, Space or Arrow Down) opens the
 * menu as soon as it is there, the focused button staying in place meanwhile, and from then on
 * the loaded menu stays (Radix's trigger, keyboard and focus handling). A load that fails leaves
 * the button as it was, and the next click tries again. `load` gives the menu itself.
 */
export function lazyMenu<P extends object>(
  load: () => Promise<ComponentType<P & LoadedMenuProps>>,
  Trigger: ComponentType<P & { trigger: MenuTriggerProps }>,
): ComponentType<P> {
  const part = lazyPart(load);
  return function LazyMenu(props: P) {
    const [opened, setOpened] = useState<"pointer" | "keyboard" | null>(null);
    const Menu = useLazyPart(part, opened !== null, () => setOpened(null));
    if (opened && Menu) return <Menu {...props} defaultOpen focusFirstItem={opened === "keyboard"} />;
    return (
      <Trigger
        {...props}
        trigger={{
          type: "button",
          "aria-haspopup": "menu",
          "aria-expanded": false,
          // A click with no pointer behind it (detail 0) is Enter or Space.
          onClick: (event) => setOpened(event.detail === 0 ? "keyboard" : "pointer"),
          onKeyDown: (event) => {
            if (event.key !== "ArrowDown") return;
            event.preventDefault();
            setOpened("keyboard");
          },
          onPointerEnter: part.warm,
          onFocus: part.warm,
        }}
      />
    );
  };
}
