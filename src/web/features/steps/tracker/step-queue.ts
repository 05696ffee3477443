/**
 * Steps counted on this device and not yet confirmed by the server. Counted steps first gather in
 * an open tally per owner (the signed-in member's id, or null before anyone signed in); a sync
 * seals the tally into a batch with a fresh id, and that batch is sent, and re-sent after a
 * failure, under the same id until the server answers, so a retried sync counts once.
 *
 * The browser keeps the queue in IndexedDB (nothing is lost offline or on reload); tests and
 * browsers without IndexedDB use the in-memory version with the same behaviour.
 */
export type StepOwner = number | null;

export interface PendingBatch {
  batchId: string;
  owner: StepOwner;
  steps: number;
  /** When the batch's last step was counted (ISO): the server dates and paces the steps by it. */
  timestamp: string;
  /** Sealing order, oldest first. */
  sealedAt: number;
}

interface OpenTally {
  key: string;
  owner: StepOwner;
  steps: number;
  lastAt: string;
}

export interface StepQueue {
  /** Adds counted steps to the owner's open tally. */
  add(owner: StepOwner, steps: number, at: Date): Promise<void>;
  /**
   * The next batch to send for a member: the oldest sealed one of theirs (or an anonymous one),
   * else their open tally (and the anonymous one) sealed into a new batch; null when nothing is
   * pending.
   */
  next(member: StepOwner, newId: () => string, now: number): Promise<PendingBatch | null>;
  /** Forgets a batch the server answered (counted, or refused for good). */
  remove(batchId: string): Promise<void>;
  /** Steps not yet confirmed that a member would send: theirs and the anonymous ones. */
  pending(member: StepOwner): Promise<number>;
}

const ownerKey = (owner: StepOwner) => (owner === null ? "anonymous" : `member:${owner}`);
const belongsTo = (owner: StepOwner, member: StepOwner) => owner === null || owner === member;

/** The sealing rule shared by both stores: pure, over plain arrays. */
function seal(
  tallies: OpenTally[],
  member: StepOwner,
  newId: () => string,
  now: number,
): { batch: PendingBatch; consumed: string[] } | null {
  const mine = tallies.filter((t) => belongsTo(t.owner, member) && t.steps > 0);
  if (mine.length === 0) return null;
  const steps = mine.reduce((sum, t) => sum + t.steps, 0);
  const timestamp = mine.map((t) => t.lastAt).sort()[mine.length - 1] as string;
  return {
    batch: { batchId: newId(), owner: member, steps, timestamp, sealedAt: now },
    consumed: mine.map((t) => t.key),
  };
}

function oldest(batches: PendingBatch[], member: StepOwner): PendingBatch | null {
  const mine = batches.filter((b) => belongsTo(b.owner, member)).sort((a, b) => a.sealedAt - b.sealedAt);
  return mine[0] ?? null;
}

function pendingOf(tallies: OpenTally[], batches: PendingBatch[], member: StepOwner): number {
  const open = tallies.filter((t) => belongsTo(t.owner, member)).reduce((s, t) => s + t.steps, 0);
  return open + batches.filter((b) => belongsTo(b.owner, member)).reduce((s, b) => s + b.steps, 0);
}

export function createMemoryStepQueue(): StepQueue {
  const tallies = new Map<string, OpenTally>();
  const batches = new Map<string, PendingBatch>();
  return {
    async add(owner, steps, at) {
      const key = ownerKey(owner);
      const current = tallies.get(key);
      tallies.set(key, { key, owner, steps: (current?.steps ?? 0) + steps, lastAt: at.toISOString() });
    },
    async next(member, newId, now) {
      const sealed = oldest([...batches.values()], member);
      if (sealed) return sealed;
      const result = seal([...tallies.values()], member, newId, now);
      if (!result) return null;
      for (const key of result.consumed) tallies.delete(key);
      batches.set(result.batch.batchId, result.batch);
      return result.batch;
    },
    async remove(batchId) {
      batches.delete(batchId);
    },
    async pending(member) {
      return pendingOf([...tallies.values()], [...batches.values()], member);
    },
  };
}

const DB_NAME = "steprace-steps";
const TALLIES = "open";
const BATCHES = "batches";

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function completed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(TALLIES)) db.createObjectStore(TALLIES, { keyPath: "key" });
    if (!db.objectStoreNames.contains(BATCHES)) db.createObjectStore(BATCHES, { keyPath: "batchId" });
  };
  return promised(request);
}

/** The IndexedDB queue; each operation is one transaction, so two tabs never seal the same steps. */
export async function createIndexedDbStepQueue(factory: IDBFactory): Promise<StepQueue> {
  const db = await openDatabase(factory);
  return {
    async add(owner, steps, at) {
      const tx = db.transaction(TALLIES, "readwrite");
      const store = tx.objectStore(TALLIES);
      const key = ownerKey(owner);
      const current = (await promised(store.get(key))) as OpenTally | undefined;
      store.put({ key, owner, steps: (current?.steps ?? 0) + steps, lastAt: at.toISOString() });
      await completed(tx);
    },
    async next(member, newId, now) {
      const tx = db.transaction([TALLIES, BATCHES], "readwrite");
      const batchStore = tx.objectStore(BATCHES);
      const talliesStore = tx.objectStore(TALLIES);
      const sealed = oldest((await promised(batchStore.getAll())) as PendingBatch[], member);
      let batch = sealed;
      if (!batch) {
        const result = seal((await promised(talliesStore.getAll())) as OpenTally[], member, newId, now);
        if (result) {
          for (const key of result.consumed) talliesStore.delete(key);
          batchStore.put(result.batch);
          batch = result.batch;
        }
      }
      await completed(tx);
      return batch;
    },
    async remove(batchId) {
      const tx = db.transaction(BATCHES, "readwrite");
      tx.objectStore(BATCHES).delete(batchId);
      await completed(tx);
    },
    async pending(member) {
      const tx = db.transaction([TALLIES, BATCHES], "readonly");
      const tallies = (await promised(tx.objectStore(TALLIES).getAll())) as OpenTally[];
      const batches = (await promised(tx.objectStore(BATCHES).getAll())) as PendingBatch[];
      return pendingOf(tallies, batches, member);
    },
  };
}

/** IndexedDB when the browser offers it, else memory (private modes of some browsers refuse it). */
export async function openStepQueue(): Promise<StepQueue> {
  if (typeof indexedDB === "undefined") return createMemoryStepQueue();
  try {
    return await createIndexedDbStepQueue(indexedDB);
  } catch {
    return createMemoryStepQueue();
  }
}
