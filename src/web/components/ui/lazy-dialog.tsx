import { type ComponentType, useState } from "react";
import { CONNECTION_ERROR_TEXT } from "../layout/connection-error-text";
import { lazyPart, useLazyPart } from "./lazy-part";
import { toast } from "./use-toast";

/** What a lazily loaded dialog may take: whether it is open, and how it tells its owner it closed. */
interface DialogOpening {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A dialog open while rendered (a notice) says it closed through this one. */
  onClose?: () => void;
}

/**
 * A dialog whose code is not part of the first load of the screen that offers it (forms with
 * their rules, dialogs seldom opened): it loads in the background a few seconds after that
 * screen appears, or when it first opens, whichever comes first, and stays mounted once opened
 * (its form keeps what the member typed, and resets as it decides). A dialog without an `open`
 * prop is open while rendered.
 *
 * A load that fails (a dropped connection) leaves the screen as it was: the dialog tells its owner
 * it closed, the member is told the connection failed, and the next opening tries again. (React's
 * lazy would keep the failure, and without an error boundary take the whole screen down.)
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const part = lazyPart(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, as React's lazy is.
  return function LazyDialog(props: P) {
    const { open: openProp, onOpenChange, onClose } = props as DialogOpening;
    const open = openProp !== false;
    const [opened, setOpened] = useState(open);
    // The opening whose load failed: not tried again until the dialog is closed and reopened.
    const [failed, setFailed] = useState(false);
    if (open && !opened && !failed) setOpened(true);
    if (!open && failed) setFailed(false);
    const Dialog = useLazyPart(part, opened, () => {
      setOpened(false);
      setFailed(true);
      onOpenChange?.(false);
      onClose?.();
      toast({
        title: CONNECTION_ERROR_TEXT.title,
        description: CONNECTION_ERROR_TEXT.description,
        variant: "destructive",
      });
    });
    if (!opened || !Dialog) return null;
    return <Dialog {...props} />;
  };
}
