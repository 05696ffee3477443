import { describe, expect, it } from "vitest";
import { groupedCalls } from "./grouped-calls";

/** A `run` that records each group and answers when the test lets it. */
function recorder(fail?: (item: number) => boolean) {
  const groups: number[][] = [];
  const open: (() => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const run = async (items: number[]) => {
    groups.push(items);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise<void>((resolve) => open.push(resolve));
    inFlight--;
    if (fail && items.some(fail)) throw new Error(`failed: ${items.filter(fail).join(",")}`);
    return items.map((item) => item * 10);
  };
  return {
    run,
    groups,
    mostInFlight: () => mostInFlight,
    /** Lets every group in flight answer, and waits until the calls they freed are sent. */
    async release() {
      for (const resolve of open.splice(0)) resolve();
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("calls grouped into one round trip", () => {
  it("sends a lone call alone, at once", async () => {
    const r = recorder();
    const call = groupedCalls({ maxInFlight: 2, maxGroup: 10, run: r.run });
    const answer = call(7);
    await turn();
    expect(r.groups).toEqual([[7]]);
    await r.release();
    expect(await answer).toBe(70);
    expect(call.stats).toEqual({ groups: 1, items: 1, retriedAlone: 0 });
  });

  it("sends the calls of one turn together, and those made while every slot is busy in the next group", async () => {
    const r = recorder();
    const call = groupedCalls({ maxInFlight: 1, maxGroup: 10, run: r.run });
    const first = [call(1), call(2), call(3)];
    await turn();
    expect(r.groups).toEqual([[1, 2, 3]]);
    const later = [call(4), call(5)];
    await turn();
    // The only slot is busy: they wait.
    expect(r.groups).toHaveLength(1);
    await r.release();
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    expect(r.groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    await r.release();
    expect(await Promise.all(later)).toEqual([40, 50]);
    expect(r.mostInFlight()).toBe(1);
  });

  it("keeps at most maxInFlight groups in flight and at most maxGroup calls in a group, oldest first", async () => {
    const r = recorder();
    const call = groupedCalls({ maxInFlight: 2, maxGroup: 3, run: r.run });
    const answers = Array.from({ length: 10 }, (_, i) => call(i));
    await turn();
    expect(r.groups).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    while (r.groups.flat().length < 10) await r.release();
    await r.release();
    expect(r.groups.slice(2)).toEqual([[6, 7, 8], [9]]);
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 10 }, (_, i) => i * 10));
    expect(r.mostInFlight()).toBe(2);
  });

  it("tries a failed group again one call at a time, so only the failing call fails", async () => {
    const r = recorder((item) => item === 2);
    const call = groupedCalls({ maxInFlight: 1, maxGroup: 10, run: r.run });
    const answers = [1, 2, 3].map((item) => call(item).catch((error: Error) => error.message));
    await turn();
    await r.release();
    await r.release();
    expect(await Promise.all(answers)).toEqual([10, "failed: 2", 30]);
    expect(r.groups).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(call.stats.retriedAlone).toBe(3);
  });

  it("frees the slot of a failed group before its calls are tried again", async () => {
    const r = recorder((item) => item === 2);
    const call = groupedCalls({ maxInFlight: 1, maxGroup: 10, run: r.run });
    const answers = [call(1), call(2).catch(() => "failed")];
    await turn();
    await r.release();
    expect(r.groups).toEqual([[1, 2], [1], [2]]);
    // The retries are still waiting; a new call does not wait behind them.
    const later = call(3);
    await turn();
    expect(r.groups).toEqual([[1, 2], [1], [2], [3]]);
    await r.release();
    expect(await Promise.all([...answers, later])).toEqual([10, "failed", 30]);
  });

  it("tries the calls of a failed group alone only a few at a time", async () => {
    const r = recorder((item) => item === 0);
    const call = groupedCalls({ maxInFlight: 1, maxGroup: 10, maxAloneInFlight: 3, run: r.run });
    const answers = Array.from({ length: 8 }, (_, i) => call(i).catch(() => "failed"));
    await turn();
    while (r.groups.length < 9) await r.release();
    await r.release();
    expect(await Promise.all(answers)).toEqual(["failed", 10, 20, 30, 40, 50, 60, 70]);
    expect(r.groups.slice(1)).toEqual([[0], [1], [2], [3], [4], [5], [6], [7]]);
    expect(r.mostInFlight()).toBe(3);
  });

  it("treats an answer with the wrong number of results as a failure", async () => {
    const groups: number[][] = [];
    const call = groupedCalls({
      maxInFlight: 1,
      maxGroup: 10,
      run: async (items: number[]) => {
        groups.push(items);
        return items.length > 1 ? [1] : [items[0] + 100];
      },
    });
    expect(await Promise.all([call(1), call(2)])).toEqual([101, 102]);
    expect(groups).toEqual([[1, 2], [1], [2]]);
  });

  it("refuses a pointless configuration", () => {
    expect(() => groupedCalls({ maxInFlight: 0, maxGroup: 1, run: async () => [] })).toThrow(/≥ 1/);
  });
});
