import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { createMotionClock } from "./motion-clock";
import { createMemoryStepQueue, MAX_BATCH_SPAN_MS, MAX_BATCH_STEPS, type PendingBatch } from "./step-queue";
import { classifySyncError, createStepSyncer } from "./step-sync";

let ids = 0;
const newId = () => `batch-${++ids}`;
const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, s));

describe("step queue", () => {
  it("seals the open steps into one batch and hands the same batch back until it is removed", async () => {
    const queue = createMemoryStepQueue();
    await queue.add(7, 3, at(1), newId);
    await queue.add(7, 4, at(5), newId);
    const first = await queue.next(7, newId, 1);
    expect(first).toMatchObject({ owner: 7, steps: 7, timestamp: at(5).toISOString() });
    await queue.add(7, 2, at(9), newId);
    // A batch not yet answered is retried under its id before newer steps are sealed.
    expect(await queue.next(7, newId, 2)).toEqual(first);
    expect(await queue.pending(7)).toBe(9);
    await queue.remove((first as PendingBatch).batchId);
    const second = await queue.next(7, newId, 3);
    expect(second).toMatchObject({ steps: 2 });
    expect(second?.batchId).not.toBe(first?.batchId);
  });

  it("keeps each member's steps for them alone, and keeps no steps of nobody", async () => {
    const queue = createMemoryStepQueue();
    // Counted while signed out: credited to nobody, so not kept.
    await queue.add(null, 2, at(1), newId);
    await queue.add(8, 5, at(2), newId);
    await queue.add(7, 1, at(3), newId);
    expect(await queue.pending(7)).toBe(1);
    expect(await queue.pending(null)).toBe(0);
    // Nobody signed in: nothing is sent.
    expect(await queue.next(null, newId, 1)).toBeNull();
    const batch = await queue.next(7, newId, 1);
    expect(batch).toMatchObject({ owner: 7, steps: 1 });
    await queue.remove((batch as PendingBatch).batchId);
    expect(await queue.next(7, newId, 2)).toBeNull();
    // Member 8's steps waited through member 7's session, and are still all theirs.
    expect(await queue.pending(8)).toBe(5);
    expect(await queue.next(8, newId, 3)).toMatchObject({ owner: 8, steps: 5 });
  });

  it("declares each batch's window: its first and last step", async () => {
    const queue = createMemoryStepQueue();
    await queue.add(7, 3, at(1), newId);
    await queue.add(7, 4, at(5), newId);
    expect(await queue.next(7, newId, 1)).toMatchObject({
      steps: 7,
      startedAt: at(1).toISOString(),
      timestamp: at(5).toISOString(),
    });
  });
});

describe("queued steps and the member signed in", () => {
  it("sends member A's queue only while A is signed in: it waits through B's session and nobody's", async () => {
    const queue = createMemoryStepQueue();
    const sentAs: Array<{ owner: number | null; signedIn: number | null }> = [];
    let signedIn: number | null = 1;
    const syncer = createStepSyncer({
      queue,
      async send(batch) {
        sentAs.push({ owner: batch.owner, signedIn });
        return { totalSteps: batch.steps };
      },
      member: () => signedIn,
      newId,
      now: () => 0,
    });
    // A walks while offline, then signs out (session ended), and B signs in on the phone.
    await queue.add(1, 40, at(1), newId);
    signedIn = null;
    await queue.add(null, 9, at(20), newId);
    expect(await syncer.sync()).toMatchObject({ counted: 0, stopped: null });
    signedIn = 2;
    await queue.add(2, 5, at(30), newId);
    expect(await syncer.sync()).toMatchObject({ counted: 5 });
    expect(await queue.pending(1)).toBe(40);
    // A signs in again: A's steps go, under A's session.
    signedIn = 1;
    expect(await syncer.sync()).toMatchObject({ counted: 40 });
    expect(sentAs).toEqual([
      { owner: 2, signedIn: 2 },
      { owner: 1, signedIn: 1 },
    ]);
  });

  it("keeps a batch the server says is another member's, and stops", async () => {
    const queue = createMemoryStepQueue();
    await queue.add(1, 40, at(1), newId);
    const syncer = createStepSyncer({
      queue,
      async send() {
        throw new ApiError(409, "These steps were counted for another member", {
          code: "STEPS_OF_ANOTHER_MEMBER",
        });
      },
      member: () => 1,
      newId,
      now: () => 0,
    });
    expect(await syncer.sync()).toMatchObject({ counted: 0, refused: [], stopped: "otherMember" });
    expect(await queue.pending(1)).toBe(40);
  });
});

describe("step queue sealing", () => {
  it("seals a full tally on its own, so a long offline walk goes in paced batches", async () => {
    const queue = createMemoryStepQueue();
    // Two steps a second for 40 minutes, counted in fives, with no sync.
    for (let s = 0; s < 2400; s += 5) {
      await queue.add(1, 10, new Date(Date.UTC(2026, 10, 21, 9, 0, 0) + s * 1000), newId);
    }
    const sent: PendingBatch[] = [];
    for (let b = await queue.next(1, newId, 0); b; b = await queue.next(1, newId, 0)) {
      sent.push(b);
      await queue.remove(b.batchId);
    }
    expect(sent.reduce((sum, b) => sum + b.steps, 0)).toBe(4800);
    expect(Math.max(...sent.map((b) => b.steps))).toBeLessThanOrEqual(MAX_BATCH_STEPS);
    // Oldest first, each dated by its last step, at most five minutes apart.
    const times = sent.map((b) => Date.parse(b.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeLessThanOrEqual(MAX_BATCH_SPAN_MS + 5000);
    }
  });

  it("never puts steps of two days in one batch", async () => {
    const queue = createMemoryStepQueue();
    const late = new Date(2026, 10, 21, 23, 59, 0);
    const early = new Date(2026, 10, 22, 0, 0, 30);
    await queue.add(1, 40, late, newId);
    await queue.add(1, 25, early, newId);
    const first = await queue.next(1, newId, 0);
    expect(first).toMatchObject({ steps: 40, timestamp: late.toISOString() });
    await queue.remove((first as PendingBatch).batchId);
    expect(await queue.next(1, newId, 0)).toMatchObject({ steps: 25, timestamp: early.toISOString() });
  });
});

describe("motion clock", () => {
  it("spreads a burst of late readings back out at the sensor's interval", () => {
    const clock = createMotionClock();
    expect([100, 101, 101, 102].map((t) => clock(t, 16))).toEqual([100, 116, 132, 148]);
    // A real pause stays a pause; the time catches up with the readings' own.
    expect(clock(400, 16)).toBe(400);
    // Older iOS reports the interval in seconds.
    expect(clock(401, 0.016)).toBe(416);
  });
});

describe("classifySyncError", () => {
  it("reads the server's answers as specification 1, section 8 says", () => {
    expect(classifySyncError(new ApiError(401, "Authentication required"))).toBe("local");
    expect(
      classifySyncError(new ApiError(403, "Active subscription required", { code: "SUBSCRIPTION_REQUIRED" })),
    ).toBe("subscription");
    expect(classifySyncError(new ApiError(422, "too many", { code: "IMPLAUSIBLE_STEPS" }))).toBe("refused");
    expect(classifySyncError(new ApiError(400, "bad"))).toBe("refused");
    expect(classifySyncError(new ApiError(503, "down"))).toBe("failed");
    expect(classifySyncError(new ApiError(429, "slow down"))).toBe("failed");
    expect(classifySyncError(new TypeError("Failed to fetch"))).toBe("failed");
  });
});

function fakeServer() {
  const seen = new Set<string>();
  let total = 0;
  const sent: PendingBatch[] = [];
  let failWith: unknown = null;
  return {
    sent,
    get total() {
      return total;
    },
    failNext(error: unknown) {
      failWith = error;
    },
    async send(batch: PendingBatch) {
      sent.push(batch);
      if (failWith) {
        const error = failWith;
        failWith = null;
        throw error;
      }
      if (!seen.has(batch.batchId)) {
        seen.add(batch.batchId);
        total += batch.steps;
      }
      return { totalSteps: total };
    },
  };
}

describe("step syncer", () => {
  it("retries a batch whose answer was lost under the same id, so it counts once", async () => {
    const queue = createMemoryStepQueue();
    const server = fakeServer();
    const syncer = createStepSyncer({ queue, send: server.send, member: () => 1, newId, now: Date.now });
    await queue.add(1, 6, at(1), newId);
    server.failNext(new TypeError("Failed to fetch"));
    expect(await syncer.sync()).toMatchObject({ stopped: "failed", counted: 0 });
    expect(await queue.pending(1)).toBe(6);
    await queue.add(1, 4, at(20), newId);
    const report = await syncer.sync();
    expect(report).toMatchObject({ stopped: null, counted: 10, totalSteps: 10 });
    expect(server.sent.map((b) => b.steps)).toEqual([6, 6, 4]);
    expect(server.sent[0]?.batchId).toBe(server.sent[1]?.batchId);
    expect(await queue.pending(1)).toBe(0);
  });

  it("keeps the steps when signed out or without a subscription, drops a refused batch", async () => {
    const queue = createMemoryStepQueue();
    const server = fakeServer();
    const syncer = createStepSyncer({ queue, send: server.send, member: () => 1, newId, now: Date.now });
    await queue.add(1, 5, at(1), newId);
    server.failNext(new ApiError(401, "Authentication required"));
    expect((await syncer.sync()).stopped).toBe("local");
    server.failNext(new ApiError(403, "Active subscription required", { code: "SUBSCRIPTION_REQUIRED" }));
    expect((await syncer.sync()).stopped).toBe("subscription");
    expect(await queue.pending(1)).toBe(5);
    server.failNext(new ApiError(422, "More than anyone can walk", { code: "IMPLAUSIBLE_STEPS" }));
    const report = await syncer.sync();
    expect(report).toMatchObject({ stopped: null, refused: ["More than anyone can walk"], counted: 0 });
    expect(await queue.pending(1)).toBe(0);
  });

  it("runs one sync at a time and once more for a trigger that came while it ran", async () => {
    const queue = createMemoryStepQueue();
    const server = fakeServer();
    let inFlight = 0;
    let most = 0;
    const send = async (batch: PendingBatch) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return server.send(batch);
    };
    const syncer = createStepSyncer({ queue, send, member: () => 1, newId, now: Date.now });
    await queue.add(1, 5, at(1), newId);
    const first = syncer.sync();
    await queue.add(1, 3, at(2), newId);
    const second = syncer.sync();
    expect(second).toBe(first);
    const report = await first;
    expect(most).toBe(1);
    expect(report.counted).toBe(8);
    expect(server.total).toBe(8);
  });

  it("sends nothing when nothing is pending", async () => {
    const server = fakeServer();
    const syncer = createStepSyncer({
      queue: createMemoryStepQueue(),
      send: server.send,
      member: () => 1,
      newId,
      now: Date.now,
    });
    expect(await syncer.sync()).toEqual({ counted: 0, totalSteps: null, refused: [], stopped: null });
    expect(server.sent).toHaveLength(0);
  });
});
