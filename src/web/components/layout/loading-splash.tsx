import { useState } from "react";
import { SPINNER_AFTER_MS, Spinner } from "../ui/spinner";
import { BrandMark } from "./brand";

/**
 * Centred splash while the session loads (specification 1, 2.1 rule 1). It follows the page's own
 * splash (index.html) with the same look: its spinner shows once the app has been starting for
 * SPINNER_AFTER_MS, counted from the page's start, so a fast start shows the mark alone and a slow
 * one a spinner that does not restart when React takes over.
 */
export function LoadingSplash() {
  const [appearAfterMs] = useState(() => Math.max(0, SPINNER_AFTER_MS - performance.now()));
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50">
      <BrandMark className="size-14" />
      <Spinner label="Loading StepRace" appearAfterMs={appearAfterMs} />
    </div>
  );
}

/** Smaller in-page fallback while a lazily loaded screen arrives. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
