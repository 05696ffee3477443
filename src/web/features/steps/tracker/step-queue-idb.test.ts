import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { createIndexedDbStepQueue, type PendingBatch } from "./step-queue";

let ids = 0;
const newId = () => `idb-${++ids}`;
const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, s));

describe("IndexedDB step queue", () => {
  it("keeps counted steps and sealed batches across a reload (a second open of the same database)", async () => {
    const factory = new IDBFactory();
    const first = await createIndexedDbStepQueue(factory);
    await first.add(5, 4, at(1), newId);
    const sealed = (await first.next(5, newId, 1)) as PendingBatch;
    await first.add(5, 3, at(9), newId);

    const reloaded = await createIndexedDbStepQueue(factory);
    expect(await reloaded.pending(5)).toBe(7);
    // The sealed batch comes back under the same id: a retry of it counts once on the server.
    expect(await reloaded.next(5, newId, 2)).toEqual(sealed);
    await reloaded.remove(sealed.batchId);
    expect(await reloaded.next(5, newId, 3)).toMatchObject({ steps: 3, timestamp: at(9).toISOString() });
  });

  it("lets two tabs seal at the same time without sending the same steps in two batches", async () => {
    const factory = new IDBFactory();
    const tabA = await createIndexedDbStepQueue(factory);
    const tabB = await createIndexedDbStepQueue(factory);
    await tabA.add(5, 6, at(1), newId);
    const [a, b] = await Promise.all([tabA.next(5, newId, 1), tabB.next(5, newId, 1)]);
    // Both see one batch: whichever sealed it, the other got the same batch back.
    expect(a?.batchId).toBe(b?.batchId);
    expect(a?.steps).toBe(6);
    await tabA.remove((a as PendingBatch).batchId);
    expect(await tabB.pending(5)).toBe(0);
  });
});
