import { randomUUID } from "node:crypto";
import { buildUser } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { retainStepBatches, weekOf, weekPartitions } from "./batch-retention";
import { syncBatch } from "./steps.repo";

/** What the step batch retention tests share: the week a batch lands in, syncs, members, runs. */

export const DAY_MS = 24 * 3600 * 1000;
export const partitionOf = (at: Date) => `step_batches_p${weekOf(at).replaceAll("-", "")}`;

/** What every sync does (step_sync), for a member whose phone sends `steps` recorded at `at`. */
export function syncer(t: () => TestApp) {
  return async (userId: number, steps: number, batchId = randomUUID(), recordedAt = t().clock.now()) => {
    const now = t().clock.now();
    const day = recordedAt.toISOString().slice(0, 10);
    const result = await syncBatch(
      t().app.ctx.db,
      { userId, batchId, steps, recordedAt, receivedAt: now, localDate: day },
      now.toISOString().slice(0, 10),
    );
    return { ...result, batchId };
  };
}

/** Members created long before the tests' clock, so their syncs are plausible. */
export const member = async (t: () => TestApp) =>
  (await buildUser(t().app, { createdAt: new Date(t().clock.now().getTime() - 30 * DAY_MS) })).id;

export const weeks = async (t: () => TestApp) => (await weekPartitions(t().app.ctx.db)).map((w) => w.name);
export const retain = (t: () => TestApp) => retainStepBatches(t().app.ctx.db, t().clock.now());
