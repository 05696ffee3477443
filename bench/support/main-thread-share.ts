// How much of the page's long main-thread tasks the renderer actually ran, read from a Lighthouse
// trace. Lighthouse's simulation multiplies each task's wall time by the CPU slowdown; a task's wall
// time also counts the time its thread waited for a core or for another process (the browser, the
// compositor, the app's server: all on the same host). Chromium records each task's thread CPU time
// beside its wall time (`tdur` beside `dur`), so their ratio over the long tasks says how much of
// the blocking time a run reports is the page's work and how much is the host making it wait.

/** Lantern keeps a main-thread task in its simulation from this long (observed); shorter ones go,
 * but for the few it keeps for their place in the page's graph (the first layout, paint, parse). */
const LONG_TASK_US = 10_000;
const TOP_LEVEL_TASKS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The tasks not inside another (a nested run loop's tasks are part of the one that runs it). */
function topLevel(tasks: TraceEvent[]): TraceEvent[] {
  const sorted = [...tasks].sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0) || (b.dur ?? 0) - (a.dur ?? 0));
  const outer: TraceEvent[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of sorted) {
    if ((task.ts ?? 0) < end) continue;
    outer.push(task);
    end = (task.ts ?? 0) + (task.dur ?? 0);
  }
  return outer;
}

export interface MainThreadShare {
  /** Main-thread tasks of 10 ms or more (observed), and their wall time in all. */
  longTasks: number;
  longTaskWallMs: number;
  /** The thread CPU time Chromium recorded for them. */
  longTaskCpuMs: number;
  /** 100 × CPU / wall: 100 when the renderer ran them through, lower when it waited (meaningful
   * for Lighthouse's simulated throttling only: DevTools' own slows the renderer by stopping it). */
  onCpuPct: number;
}

/**
 * The share for the page's renderer: the `CrRendererMain` thread with the most top-level tasks
 * (Lighthouse's own about:blank and DevTools renderers run few). Null when the trace has no
 * renderer or no thread times.
 */
export function mainThreadShare(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): MainThreadShare | null {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const rendererMains = new Set<string>();
  for (const e of events) {
    if (e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain") {
      rendererMains.add(`${e.pid}:${e.tid}`);
    }
  }
  const tasksByThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== "X" || !TOP_LEVEL_TASKS.has(e.name ?? "") || !rendererMains.has(thread)) continue;
    const list = tasksByThread.get(thread) ?? [];
    list.push(e);
    tasksByThread.set(thread, list);
  }
  let tasks: TraceEvent[] = [];
  for (const list of tasksByThread.values()) if (list.length > tasks.length) tasks = list;
  const long = topLevel(tasks).filter((t) => (t.dur ?? 0) >= LONG_TASK_US);
  if (long.length === 0 || long.some((t) => t.tdur === undefined)) return null;
  const wall = long.reduce((sum, t) => sum + (t.dur ?? 0), 0);
  const cpu = long.reduce((sum, t) => sum + Math.min(t.tdur ?? 0, t.dur ?? 0), 0);
  return {
    longTasks: long.length,
    longTaskWallMs: Math.round(wall / 1000),
    longTaskCpuMs: Math.round(cpu / 1000),
    onCpuPct: Math.round((100 * cpu) / wall),
  };
}
