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
 * The page's renderer main thread ("pid:tid") and its top-level tasks: the `CrRendererMain` thread
 * with the most of them (Lighthouse's own about:blank and DevTools renderers run few).
 */
function pageRendererTasks(events: TraceEvent[]): { thread: string; tasks: TraceEvent[] } | null {
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
  let page: { thread: string; tasks: TraceEvent[] } | null = null;
  for (const [thread, list] of tasksByThread) {
    if (!page || list.length > page.tasks.length) page = { thread, tasks: list };
  }
  return page && { thread: page.thread, tasks: topLevel(page.tasks) };
}

/**
 * The share for the page's renderer (pageRendererTasks). Null when the trace has no renderer or no
 * thread times.
 */
export function mainThreadShare(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): MainThreadShare | null {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const tasks = pageRendererTasks(events)?.tasks ?? [];
  const long = tasks.filter((t) => (t.dur ?? 0) >= LONG_TASK_US);
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

/**
 * The trace as the page's renderer would have recorded it with a core of its own: each of its
 * main thread's top-level tasks lasts its thread CPU time (`tdur`) instead of its wall time, and
 * what the thread recorded inside it shrinks with it, in place and in order (so every event stays
 * in its task: Lighthouse's graph links requests and scripts to the task they happen in). Nothing
 * else changes: other threads and processes, the network's timings, the tasks' start times. What
 * Lighthouse's simulation multiplies by the CPU slowdown is then the page's own work, which is
 * what the slowdown, calibrated from the host's BenchmarkIndex, converts into the emulated phone's;
 * the time the renderer waited for the host's other processes (the browser, the app's server,
 * Lighthouse itself, all on one machine here; a phone runs none of them on the page's core) is
 * left out. A task without a thread time, or that ran through, stays as it is. Returns a copy.
 */
export function onCpuTrace<T extends { traceEvents: TraceEvent[] }>(trace: T): T {
  const events = trace.traceEvents.map((e) => ({ ...e }));
  const page = pageRendererTasks(events);
  if (!page) return { ...trace, traceEvents: events };
  const onThread = events
    .filter((e) => `${e.pid}:${e.tid}` === page.thread && e.ph !== "M" && e.ts !== undefined)
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  let next = 0;
  for (const task of page.tasks) {
    const start = task.ts ?? 0;
    const wall = task.dur ?? 0;
    const end = start + wall;
    const ratio = task.tdur !== undefined && wall > 0 ? Math.min(task.tdur / wall, 1) : 1;
    // The thread's events from this task's start to its end (the task itself among them).
    while (next < onThread.length && (onThread[next].ts ?? 0) < start) next++;
    for (let i = next; i < onThread.length && (onThread[i].ts ?? 0) <= end; i++) {
      const e = onThread[i];
      if (ratio === 1) continue;
      e.ts = start + ((e.ts ?? 0) - start) * ratio;
      if (e.dur !== undefined) e.dur *= ratio;
    }
  }
  return { ...trace, traceEvents: events };
}
