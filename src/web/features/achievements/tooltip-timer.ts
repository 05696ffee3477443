import { useEffect, useRef, useState } from "react";
import { ACHIEVEMENT_TOOLTIP_MS } from "../../../core/constants";

/** A badge's tooltip: one open at a time, closed after 3 s (specification 2 section 9). */

export interface TooltipTimer {
  /** Opens the tooltip of `id` (closing any other) and restarts its 3 s. */
  show(id: string): void;
  hide(): void;
  dispose(): void;
}

export interface TimerClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: TimerClock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createTooltipTimer(
  onChange: (openId: string | null) => void,
  ms: number = ACHIEVEMENT_TOOLTIP_MS,
  clock: TimerClock = browserClock,
): TooltipTimer {
  let handle: unknown = null;
  let openId: string | null = null;
  const clear = () => {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  };
  const set = (id: string | null) => {
    if (id === openId) return;
    openId = id;
    onChange(id);
  };
  return {
    show(id) {
      clear();
      set(id);
      handle = clock.setTimeout(() => {
        handle = null;
        set(null);
      }, ms);
    },
    hide() {
      clear();
      set(null);
    },
    dispose: clear,
  };
}

/** The id of the badge whose tooltip is open, and the timer that opens and closes it. */
export function useTooltipTimer(): { openId: string | null; timer: TooltipTimer } {
  const [openId, setOpenId] = useState<string | null>(null);
  const ref = useRef<TooltipTimer | null>(null);
  if (ref.current === null) ref.current = createTooltipTimer(setOpenId);
  const timer = ref.current;
  useEffect(() => () => timer.dispose(), [timer]);
  return { openId, timer };
}
