import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "../../lib/utils";

type Level = "good" | "fair" | "poor";

/** Display-only thresholds: they colour the numbers and change nothing else. */
function level(value: number, good: number, fair: number, higherIsBetter: boolean): Level {
  if (higherIsBetter) return value >= good ? "good" : value >= fair ? "fair" : "poor";
  return value <= good ? "good" : value <= fair ? "fair" : "poor";
}

const levelClass: Record<Level, string> = {
  good: "text-emerald-400",
  fair: "text-amber-300",
  poor: "text-red-400",
};

interface MemoryInfo {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

function useFps(): number {
  const [fps, setFps] = useState(0);
  useEffect(() => {
    let frames = 0;
    let start = performance.now();
    let handle = 0;
    const tick = (now: number) => {
      frames++;
      if (now - start >= 1000) {
        setFps(Math.round((frames * 1000) / (now - start)));
        frames = 0;
        start = now;
      }
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, []);
  return fps;
}

function readMemory(): MemoryInfo | null {
  return (performance as Performance & { memory?: MemoryInfo }).memory ?? null;
}

function useMemory(): MemoryInfo | null {
  const [memory, setMemory] = useState(readMemory);
  useEffect(() => {
    const timer = window.setInterval(() => setMemory(readMemory()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return memory;
}

function Row({ label, value, tone }: { label: string; value: string; tone?: Level }) {
  return (
    <div className="flex justify-between gap-6">
      <dt className="text-slate-300">{label}</dt>
      <dd className={cn("font-semibold tabular-nums", tone ? levelClass[tone] : "text-white")}>{value}</dd>
    </div>
  );
}

export function PerformanceOverlay({ onClose }: { onClose: () => void }) {
  const fps = useFps();
  const memory = useMemory();
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const mb = memory ? memory.usedJSHeapSize / 1_048_576 : null;

  return (
    <section
      aria-label="Performance"
      className="fixed top-20 right-3 z-[90] w-60 rounded-xl bg-slate-950/90 p-3 font-mono text-xs text-white shadow-2xl"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-bold">Performance</h2>
        <button type="button" onClick={onClose} className="rounded p-0.5 hover:bg-white/10">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close performance overlay</span>
        </button>
      </div>
      <dl className="grid gap-1">
        <Row label="FPS" value={String(fps)} tone={level(fps, 55, 30, true)} />
        <Row
          label="JS heap"
          value={mb === null ? "n/a" : `${mb.toFixed(1)} MB`}
          tone={mb === null ? undefined : level(mb, 100, 200, false)}
        />
        {nav ? (
          <>
            <Row
              label="TTFB"
              value={`${Math.round(nav.responseStart)} ms`}
              tone={level(nav.responseStart, 200, 600, false)}
            />
            <Row
              label="DOM ready"
              value={`${Math.round(nav.domContentLoadedEventEnd)} ms`}
              tone={level(nav.domContentLoadedEventEnd, 1500, 3000, false)}
            />
            <Row
              label="Load"
              value={`${Math.round(nav.loadEventEnd)} ms`}
              tone={level(nav.loadEventEnd, 2500, 4000, false)}
            />
          </>
        ) : (
          <Row label="Navigation" value="n/a" />
        )}
      </dl>
      <p className="mt-2 text-[10px] text-slate-400">Ctrl+Shift+P to hide</p>
    </section>
  );
}
