import { lazy, Suspense, useEffect, useState } from "react";

const PerformanceOverlay = lazy(async () => ({
  default: (await import("./performance-overlay")).PerformanceOverlay,
}));

/** Ctrl+Shift+P toggles the performance overlay, loaded only when first asked for. */
export function PerformanceOverlayHotkey() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === "p") {
        event.preventDefault();
        setOpen((v) => !v);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PerformanceOverlay onClose={() => setOpen(false)} />
    </Suspense>
  );
}
