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

  it("keeps A's steps for A across a reload while B is signed in, and drops steps of nobody kept by an older version", async () => {
    const factory = new IDBFactory();
    const first = await createIndexedDbStepQueue(factory);
    await first.add(5, 4, at(1), newId);
    await first.add(null, 9, at(2), newId);
    // What an older version stored: an open tally and a sealed batch of nobody.
    await new Promise<void>((resolve, reject) => {
      const open = factory.open("steprace-steps", 1);
      open.onsuccess = () => {
        const tx = open.result.transaction(["open", "batches"], "readwrite");
        tx.objectStore("open").put({ key: "anonymous", owner: null, steps: 3, lastAt: at(3).toISOString() });
        tx.objectStore("batches").put({
          batchId: "legacy-1",
          owner: null,
          steps: 7,
          timestamp: at(3).toISOString(),
          sealedAt: 0,
        });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });

    const reloaded = await createIndexedDbStepQueue(factory);
    expect(await reloaded.pending(6)).toBe(0);
    expect(await reloaded.next(6, newId, 1)).toBeNull();
    expect(await reloaded.pending(5)).toBe(4);
    const batch = await reloaded.next(5, newId, 2);
    expect(batch).toMatchObject({ owner: 5, steps: 4, startedAt: at(1).toISOString() });
    await reloaded.remove((batch as PendingBatch).batchId);
    expect(await reloaded.next(5, newId, 3)).toBeNull();
    // Nobody's steps are gone from the database, not merely passed over.
    const left = await new Promise<number>((resolve) => {
      const open = factory.open("steprace-steps", 1);
      open.onsuccess = () => {
        const req = open.result.transaction("batches").objectStore("batches").count();
        req.onsuccess = () => resolve(req.result);
      };
    });
    expect(left).toBe(0);
  });
});
