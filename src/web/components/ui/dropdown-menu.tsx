import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { type ComponentProps, createContext, useContext } from "react";
import { useOpenState } from "./use-open-state";

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
