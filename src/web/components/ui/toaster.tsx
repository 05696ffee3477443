import { CircleAlert, CircleCheck } from "lucide-react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "../../../core/constants";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { dismissToast, useToasts } from "./use-toast";

/** Renders the toast store; Radix gives swipe-to-dismiss and the F8 hotkey. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
    >
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          {variant === "destructive" ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
          ) : variant === "success" ? (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
          ) : null}
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
