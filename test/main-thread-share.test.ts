import { describe, expect, it } from "vitest";
import { mainThreadShare, onCpuTrace } from "../bench/support/main-thread-share";

const thread = (pid: number, tid: number, name: string) => ({
  ph: "M",
  name: "thread_name",
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, durMs: number, cpuMs?: number) => ({
  ph: "X",
  name: "RunTask",
  pid,
  tid,
  ts,
  dur: durMs * 1000,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
});

describe("bench:lighthouse's main-thread share (how much of the long tasks the renderer ran)", () => {
  it("reads the page's renderer: its long tasks' wall time against their thread CPU time", () => {
    const trace = {
      traceEvents: [
        thread(1, 1, "CrBrowserMain"),
        thread(2, 1, "CrRendererMain"),
        thread(3, 1, "CrRendererMain"),
        // The page's renderer: a task run through, one that waited for a core 3/4 of its time,
        // and short tasks Lantern drops.
        task(2, 1, 0, 40, 40),
        task(2, 1, 50_000, 120, 30),
        task(2, 1, 200_000, 9, 1),
        task(2, 1, 210_000, 2, 2),
        // Another renderer (about:blank) with fewer tasks, and the browser's own: not the page's.
        task(3, 1, 0, 500, 10),
        task(1, 1, 0, 500, 5),
        // A nested event of the page's thread is not a task of its own.
        { ph: "X", name: "FunctionCall", pid: 2, tid: 1, ts: 60_000, dur: 100_000, tdur: 20_000 },
      ],
    };
    expect(mainThreadShare(trace)).toEqual({
      longTasks: 2,
      longTaskWallMs: 160,
      longTaskCpuMs: 70,
      onCpuPct: 44,
    });
  });

  it("counts a task run inside another (a nested run loop) as part of it, and a task of exactly 10 ms as long", () => {
    const trace = [
      thread(2, 1, "CrRendererMain"),
      task(2, 1, 0, 100, 60),
      task(2, 1, 20_000, 30, 25),
      task(2, 1, 200_000, 10, 10),
      // Thread time past the wall time (clock granularity) counts as the wall time.
      task(2, 1, 300_000, 12, 13),
    ];
    expect(mainThreadShare(trace)).toEqual({
      longTasks: 3,
      longTaskWallMs: 122,
      longTaskCpuMs: 82,
      onCpuPct: 67,
    });
  });

  it("says nothing when the trace has no renderer, no long task or no thread times", () => {
    expect(mainThreadShare([thread(1, 1, "CrBrowserMain"), task(1, 1, 0, 50, 50)])).toBeNull();
    expect(mainThreadShare([thread(2, 1, "CrRendererMain"), task(2, 1, 0, 5, 5)])).toBeNull();
    expect(mainThreadShare([thread(2, 1, "CrRendererMain"), task(2, 1, 0, 50)])).toBeNull();
  });
});

describe("bench:lighthouse's on-CPU trace (the page's tasks at the time the renderer ran them)", () => {
  const event = (ts: number, durUs?: number, name = "FunctionCall") => ({
    ph: durUs === undefined ? "I" : "X",
    name,
    pid: 2,
    tid: 1,
    ts,
    ...(durUs === undefined ? {} : { dur: durUs }),
  });

  it("shrinks each of the page renderer's tasks to its thread time, with what it recorded inside, in place", () => {
    const trace = {
      traceEvents: [
        thread(1, 1, "CrBrowserMain"),
        thread(2, 1, "CrRendererMain"),
        // Waited for a core 3/4 of its 40 ms: a call from 10 to 30 ms, a request sent at 20 ms.
        task(2, 1, 1_000_000, 40, 10),
        event(1_010_000, 20_000),
        event(1_020_000, undefined, "ResourceSendRequest"),
        // Ran through: unchanged, and so is an event between two tasks.
        task(2, 1, 1_100_000, 20, 20),
        event(1_105_000, 5_000),
        event(1_150_000, undefined, "ResourceFinish"),
        // No thread time recorded: unchanged.
        task(2, 1, 1_200_000, 30),
        // The browser's thread: never changed.
        task(1, 1, 1_000_000, 40, 4),
      ],
    };
    const before = structuredClone(trace);
    const events = onCpuTrace(trace).traceEvents as { ts?: number; dur?: number }[];
    expect(trace).toEqual(before);
    const at = (i: number) => ({ ts: events[i].ts, dur: events[i].dur });
    expect(at(2)).toEqual({ ts: 1_000_000, dur: 10_000 });
    expect(at(3)).toEqual({ ts: 1_002_500, dur: 5_000 });
    expect(at(4)).toEqual({ ts: 1_005_000, dur: undefined });
    expect(at(5)).toEqual({ ts: 1_100_000, dur: 20_000 });
    expect(at(6)).toEqual({ ts: 1_105_000, dur: 5_000 });
    expect(at(7)).toEqual({ ts: 1_150_000, dur: undefined });
    expect(at(8)).toEqual({ ts: 1_200_000, dur: 30_000 });
    expect(at(9)).toEqual({ ts: 1_000_000, dur: 40_000 });
    // What is left of a waited-for long task is the page's own work: all of it on the CPU.
    const waited = { traceEvents: [thread(2, 1, "CrRendererMain"), task(2, 1, 0, 40, 12)] };
    expect(mainThreadShare(waited)?.onCpuPct).toBe(30);
    expect(mainThreadShare(onCpuTrace(waited))).toEqual({
      longTasks: 1,
      longTaskWallMs: 12,
      longTaskCpuMs: 12,
      onCpuPct: 100,
    });
  });

  it("moves each event with the task it falls in (from its start, not at its end) and leaves the page's marks", () => {
    const trace = {
      traceEvents: [
        thread(2, 1, "CrRendererMain"),
        // Two tasks back to back, each on the CPU for half its time; an event exactly where the
        // first ends belongs to the second.
        task(2, 1, 0, 20, 10),
        task(2, 1, 20_000, 40, 20),
        event(20_000, undefined, "ResourceSendRequest"),
        event(30_000, 10_000),
        // A paint recorded inside the first task stays where it was.
        event(15_000, undefined, "firstContentfulPaint"),
        event(5_000, undefined, "TimerInstall"),
      ],
    };
    const events = onCpuTrace(trace).traceEvents as { ts?: number; dur?: number }[];
    const at = (i: number) => ({ ts: events[i].ts, dur: events[i].dur });
    expect(at(1)).toEqual({ ts: 0, dur: 10_000 });
    expect(at(2)).toEqual({ ts: 20_000, dur: 20_000 });
    expect(at(3)).toEqual({ ts: 20_000, dur: undefined });
    expect(at(4)).toEqual({ ts: 25_000, dur: 5_000 });
    expect(at(5)).toEqual({ ts: 15_000, dur: undefined });
    expect(at(6)).toEqual({ ts: 2_500, dur: undefined });
  });

  it("leaves a trace without a renderer as it is", () => {
    const trace = { traceEvents: [thread(1, 1, "CrBrowserMain"), task(1, 1, 0, 50, 5)] };
    expect(onCpuTrace(trace)).toEqual(trace);
  });
});
