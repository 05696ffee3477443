import { useState } from "react";
import { SPINNER_AFTER_MS, Spinner } from "../ui/spinner";
import { BrandMark } from "./brand";

/**
 * When the page's own splash (index.html) began counting its second: the start time of its
 * spinner's animations, on performance.now()'s clock, read while that splash is still on the page
 * (React's first render, before it replaces it). Now, if they have not started yet (no frame drawn
 * so far); the page's start when there is no such splash (React's splash shown later).
 */
let bootSplashStart: number | null = null;
export function pageSplashStart(): number {
  if (bootSplashStart === null) {
    const spinner = document.querySelector("#boot-splash span");
    const started = spinner?.getAnimations?.()[0]?.startTime;
    bootSplashStart = !spinner ? 0 : typeof started === "number" ? started : performance.now();
  }
  return bootSplashStart;
}

/**
 * Centred splash while the session loads (specification 1, 2.1 rule 1). It carries on the page's
 * own splash (index.html) with the same look: its spinner shows once the app has been starting for
 * SPINNER_AFTER_MS, counted from when the page's splash began, so if that spinner is already
 * showing, this one carries on its turn where it was instead of starting again.
 */
export function LoadingSplash() {
  const [countFrom] = useState(pageSplashStart);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50">
      <BrandMark className="size-14" />
      <Spinner label="Loading StepRace" appearAfterMs={SPINNER_AFTER_MS} countFrom={countFrom} />
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
