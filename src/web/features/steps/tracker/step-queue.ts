/**
 * Steps counted on this device and not yet confirmed by the server. Counted steps first gather in
 * an open tally per owner, the member signed in when they were counted; a sync seals the tally into
 * a batch with a fresh id, and that batch is sent, and re-sent after a failure, under the same id
 * until the server answers, so a retried sync counts once.
 *
 * Steps belong to their owner alone (DESIGN 1, step plausibility): a member's queue is sent only
 * while that member is signed in, and waits, however long, while nobody or somebody else is.
 * Steps counted while nobody was signed in belong to nobody: they are not kept (nobody could be
 * credited with them), and those an earlier version kept are dropped.
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
  /** When its first step was counted (ISO): the window the batch declares. Absent in old batches. */
  startedAt?: string;
  /** Sealing order, oldest first. */
  sealedAt: number;
}

interface OpenTally {
  key: string;
  owner: StepOwner;
  steps: number;
  /** Absent in tallies written before it was kept. */
  firstAt?: string;
  lastAt: string;
}

/** A tally is sealed into a batch of its own once it holds this many steps... */
export const MAX_BATCH_STEPS = 1_000;
/** ...or spans this long, */
export const MAX_BATCH_SPAN_MS = 5 * 60 * 1000;
// ...or the next step falls on another day: a batch is dated by its last step, and the server
// paces it from the previous one, so a long offline walk keeps its days and passes the cadence
// check piece by piece instead of arriving as one refused lump.

export interface StepQueue {
  /**
   * Adds counted steps to the owner's open tally, sealing the tally first when it is full. Steps
   * without an owner (nobody signed in) are not kept.
   */
  add(owner: StepOwner, steps: number, at: Date, newId: () => string): Promise<void>;
  /**
   * The next batch to send for a member: the oldest sealed one of theirs, else their open tally
   * sealed into a new batch; null when nothing of theirs is pending or nobody is signed in.
   */
  next(member: StepOwner, newId: () => string, now: number): Promise<PendingBatch | null>;
  /** Forgets a batch the server answered (counted, or refused for good). */
  remove(batchId: string): Promise<void>;
  /** The member's steps not yet confirmed by the server (0 for nobody). */
  pending(member: StepOwner): Promise<number>;
}

const ownerKey = (owner: StepOwner) => (owner === null ? "anonymous" : `member:${owner}`);
const belongsTo = (owner: StepOwner, member: StepOwner) => member !== null && owner === member;
/** Entries of nobody, written by versions that kept them for whoever signed in next. */
const ownerless = (entry: { owner: StepOwner }) => entry.owner === null;

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
  const starts = mine.map((t) => t.firstAt);
  // A tally from before `firstAt` was kept declares no window.
  const startedAt = starts.every((a) => a !== undefined) ? (starts.sort()[0] as string) : undefined;
  return {
    batch: { batchId: newId(), owner: member, steps, timestamp, startedAt, sealedAt: now },
    consumed: mine.map((t) => t.key),
  };
}

const dayOf = (iso: string) => new Date(iso).toDateString();

/** The tally after adding steps, and the batch sealed from the previous tally when it was full. */
function addToTally(
  current: OpenTally | undefined,
  owner: StepOwner,
  steps: number,
  at: Date,
  newId: () => string,
): { tally: OpenTally; sealed: PendingBatch | null } {
  const key = ownerKey(owner);
  const iso = at.toISOString();
  const full =
    current !== undefined &&
    current.steps > 0 &&
    (current.steps + steps > MAX_BATCH_STEPS ||
      at.getTime() - new Date(current.firstAt ?? current.lastAt).getTime() > MAX_BATCH_SPAN_MS ||
      dayOf(current.lastAt) !== dayOf(iso));
  if (!full) {
    return {
      tally: {
        key,
        owner,
        steps: (current?.steps ?? 0) + steps,
        firstAt: current?.firstAt ?? iso,
        lastAt: iso,
      },
      sealed: null,
    };
  }
  return {
    tally: { key, owner, steps, firstAt: iso, lastAt: iso },
    sealed: {
      batchId: newId(),
      owner,
      steps: current.steps,
      timestamp: current.lastAt,
      startedAt: current.firstAt,
      sealedAt: new Date(current.lastAt).getTime(),
    },
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
    async add(owner, steps, at, newId) {
      if (owner === null) return;
      const { tally, sealed } = addToTally(tallies.get(ownerKey(owner)), owner, steps, at, newId);
      tallies.set(tally.key, tally);
      if (sealed) batches.set(sealed.batchId, sealed);
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
    async add(owner, steps, at, newId) {
      if (owner === null) return;
      const tx = db.transaction([TALLIES, BATCHES], "readwrite");
      const store = tx.objectStore(TALLIES);
      const current = (await promised(store.get(ownerKey(owner)))) as OpenTally | undefined;
      const { tally, sealed } = addToTally(current, owner, steps, at, newId);
      store.put(tally);
      if (sealed) tx.objectStore(BATCHES).put(sealed);
      await completed(tx);
    },
    async next(member, newId, now) {
      const tx = db.transaction([TALLIES, BATCHES], "readwrite");
      const batchStore = tx.objectStore(BATCHES);
      const talliesStore = tx.objectStore(TALLIES);
      const allBatches = (await promised(batchStore.getAll())) as PendingBatch[];
      const allTallies = (await promised(talliesStore.getAll())) as OpenTally[];
      for (const b of allBatches.filter(ownerless)) batchStore.delete(b.batchId);
      for (const t of allTallies.filter(ownerless)) talliesStore.delete(t.key);
      const sealed = oldest(allBatches, member);
      let batch = sealed;
      if (!batch) {
        const result = seal(allTallies, member, newId, now);
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
