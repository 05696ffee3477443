import { useCallback, useState } from "react";

/**
 * The open state of a menu or dialog, controlled (`open` given) or not: what it is now, and the
 * change handler to give Radix, which also tells `onOpenChange`.
 */
export function useOpenState(
  open: boolean | undefined,
  defaultOpen: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
): [boolean, (open: boolean) => void] {
  const [own, setOwn] = useState(defaultOpen ?? false);
  const controlled = open !== undefined;
  const change = useCallback(
    (next: boolean) => {
      if (!controlled) setOwn(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  return [controlled ? open : own, change];
}
