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
 * else changes: other threads and processes, the network's timings, the tasks' start times, the
 * page's marks (PAGE_MARKS: paints, layout shifts, load events). What
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
  // Each task's span as recorded (from its start, up to but not including its end, as Lighthouse
  // assigns events to tasks) and how much it shrinks; read before anything moves.
  const spans = page.tasks
    .map((task) => {
      const start = task.ts ?? 0;
      const wall = task.dur ?? 0;
      const ratio = task.tdur !== undefined && wall > 0 ? Math.min(task.tdur / wall, 1) : 1;
      return { start, end: start + wall, ratio };
    })
    .filter((span) => span.ratio < 1);
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== page.thread || e.ph === "M" || e.ts === undefined) continue;
    if (PAGE_MARKS.has(e.name ?? "")) continue;
    const span = spanAt(spans, e.ts);
    if (!span) continue;
    e.ts = span.start + (e.ts - span.start) * span.ratio;
    if (e.dur !== undefined) e.dur *= span.ratio;
  }
  return { ...trace, traceEvents: events };
}

/**
 * The page's marks, which Lighthouse reads its metrics from and cuts its graphs at (what a paint
 * needed is what ended before it): they stay at the time they were recorded, like the network's.
 */
const PAGE_MARKS = new Set([
  "navigationStart",
  "firstPaint",
  "firstContentfulPaint",
  "firstMeaningfulPaint",
  "firstMeaningfulPaintCandidate",
  "largestContentfulPaint::Candidate",
  "largestContentfulPaint::Invalidate",
  "LayoutShift",
  "domInteractive",
  "domContentLoadedEventEnd",
  "loadEventEnd",
  "MarkDOMContent",
  "MarkLoad",
]);

/** The span (sorted, not overlapping) that `ts` falls in, if any. */
function spanAt<S extends { start: number; end: number }>(spans: S[], ts: number): S | null {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (ts < spans[mid].start) high = mid - 1;
    else if (ts >= spans[mid].end) low = mid + 1;
    else return spans[mid];
  }
  return null;
}
