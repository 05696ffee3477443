import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import {
  type ComponentProps,
  createContext,
  type FocusEvent,
  type ReactNode,
  useContext,
  useRef,
} from "react";
import type { LoadedMenuProps } from "./lazy-menu";
import { useOpenState } from "./use-open-state";

/** The header's menus' panel (the account menu, the laptop's More). */
export const headerMenuContentClass =
  "z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl anim-fade-in";

/**
 * For a menu opened from the keyboard before Radix's trigger was there (`lazyMenu`): the content's
 * `onFocus`, which hands the focus Radix gives the content on opening to its first item, as Radix
 * does when its own trigger opens the menu from the keyboard. Once: later focus stays Radix's.
 */
export function useFocusFirstItem(
  enabled: boolean | undefined,
): ((event: FocusEvent<HTMLElement>) => void) | undefined {
  const pending = useRef(enabled === true);
  if (!enabled) return undefined;
  return (event) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    const first = event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])');
    if (!first) return;
    pending.current = false;
    // Radix's own entry focus (the content's) is not wanted: the item takes it.
    event.preventDefault();
    first.focus({ preventScroll: true });
  };
}

/** The header's menus' items, without their vertical padding (each menu sets its own). */
export const headerMenuItemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100";

/** Whether the enclosing menu is open; null outside one. */
const MenuOpen = createContext<boolean | null>(null);

/**
 * Radix's dropdown menu root, whose items are built only while it is open (a closed Radix menu
 * still mounts its portal and presence machinery on every page's first commit): use with
 * `DropdownMenuPortal` below.
 */
export function DropdownMenuRoot({
  open: openProp,
  defaultOpen,
  onOpenChange,
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.Root>) {
  const [open, setOpen] = useOpenState(openProp, defaultOpen, onOpenChange);
  return (
    <MenuOpen.Provider value={open}>
      <DropdownMenu.Root open={open} onOpenChange={setOpen} {...props}>
        {children}
      </DropdownMenu.Root>
    </MenuOpen.Provider>
  );
}

/** The menu's portal, rendered only while its `DropdownMenuRoot` is open. */
export function DropdownMenuPortal(props: ComponentProps<typeof DropdownMenu.Portal>) {
  if (useContext(MenuOpen) === false) return null;
  return <DropdownMenu.Portal {...props} />;
}

/**
 * A menu as `lazyMenu` loads it: Radix's root, its trigger (`triggerClassName`, `triggerLabel`,
 * showing `face`, as the stand-in did) and its content (`children`) in a portal, open at once for
 * `defaultOpen`, its first item focused for `focusFirstItem`.
 */
export function MenuPopup({
  face,
  triggerClassName,
  triggerLabel,
  align,
  sideOffset,
  modal,
  contentClassName,
  defaultOpen,
  focusFirstItem,
  children,
}: {
  face: ReactNode;
  triggerClassName: string;
  triggerLabel?: string;
  align: "start" | "end";
  sideOffset: number;
  modal?: boolean;
  contentClassName: string;
  children: ReactNode;
} & LoadedMenuProps) {
  const onContentFocus = useFocusFirstItem(focusFirstItem);
  return (
    <DropdownMenuRoot modal={modal} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {face}
      </DropdownMenu.Trigger>
      <DropdownMenuPortal>
        <DropdownMenu.Content
          align={align}
          sideOffset={sideOffset}
          className={contentClassName}
          onFocus={onContentFocus}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenuPortal>
    </DropdownMenuRoot>
  );
}
