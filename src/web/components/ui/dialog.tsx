import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, createContext, useContext, useState } from "react";
import { cn } from "../../lib/utils";
import { useOpenState } from "./use-open-state";

/** Whether the enclosing Dialog is open; null outside one. */
const DialogOpen = createContext<boolean | null>(null);

/**
 * Radix's dialog root, whose content is built only while it is open: a closed Radix dialog still
 * mounts its portal and presence machinery, whose layout-time updates lengthen every page's first
 * commit (the dialogs close without an exit animation, so nothing shows the difference).
 */
export function Dialog({
  open: openProp,
  defaultOpen,
  onOpenChange,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const [open, setOpen] = useOpenState(openProp, defaultOpen, onOpenChange);
  return (
    <DialogOpen.Provider value={open}>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen} {...props}>
        {children}
      </DialogPrimitive.Root>
    </DialogOpen.Provider>
  );
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn("fixed inset-0 z-[75] bg-slate-950/50 backdrop-blur-[2px] anim-fade-in", className)}
      {...props}
    />
  );
}

export function DialogContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  if (useContext(DialogOpen) === false) return null;
  return <OpenDialogContent {...props} />;
}

/**
 * The content of an open dialog. When it closes, focus goes back to what had it when the dialog
 * opened (the button that opened it), still on the page: Radix gives it back to its own trigger
 * only, and most of the app's dialogs are opened by a button of the screen's (a confirmation, a
 * form), which left focus nowhere, and a keyboard or screen-reader user at the top of the page.
 */
function OpenDialogContent({
  className,
  children,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  // Read as the content first renders, before Radix moves focus into it.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  const giveFocusBack = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    if (!(opener instanceof HTMLElement) || !opener.isConnected || opener === document.body) return;
    opener.focus({ preventScroll: true });
    // Radix's own return (to its trigger, if any) only where this one did not take: a disabled button.
    if (document.activeElement === opener) event.preventDefault();
  };
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "anim-fade-in fixed top-1/2 left-1/2 z-[75] grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none",
          className,
        )}
        onCloseAutoFocus={giveFocusBack}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-lg p-1 text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-bold text-slate-900", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-600", className)} {...props} />;
}
