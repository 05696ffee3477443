/**
 * Calls that go to the database together: each call is one item, and `run` answers a whole group
 * of items in one round trip (one statement, one transaction). At most `maxInFlight` groups are in
 * the database at once. A call made while there is room goes at once (with the calls of the same
 * turn of the event loop); calls made while every slot is busy wait, and the next free slot takes
 * up to `maxGroup` of them, oldest first. So an idle server answers each call alone, as soon as it
 * can, and a busy one pays one round trip and one commit for many.
 *
 * A group that fails is tried again one item at a time (at most `maxAloneInFlight` at once),
 * outside the slots, so an error (a bad item, a lock another transaction holds too long) reaches
 * only the calls it belongs to, and the calls waiting behind it go on. `run` must therefore change
 * nothing when it fails (one transaction), and answer exactly one result per item, in order.
 */
export type GroupedCalls<I, O> = {
  (item: I): Promise<O>;
  /** Groups sent so far and the items in them, for tests and benchmarks. */
  readonly stats: { groups: number; items: number; retriedAlone: number };
};

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void };

export function groupedCalls<I, O>(options: {
  maxInFlight: number;
  maxGroup: number;
  /** Calls of failed groups tried alone at once (the rest wait their turn); 4 × maxInFlight. */
  maxAloneInFlight?: number;
  run: (items: I[]) => Promise<O[]>;
}): GroupedCalls<I, O> {
  const { maxInFlight, maxGroup, run } = options;
  const maxAloneInFlight = options.maxAloneInFlight ?? 4 * maxInFlight;
  if (maxInFlight < 1 || maxGroup < 1 || maxAloneInFlight < 1) {
    throw new Error("groupedCalls: maxInFlight, maxGroup and maxAloneInFlight must be ≥ 1");
  }
  const waiting: Waiting<I, O>[] = [];
  const retrying: Waiting<I, O>[] = [];
  let aloneInFlight = 0;
  const stats = { groups: 0, items: 0, retriedAlone: 0 };
  let inFlight = 0;
  let scheduled = false;

  async function runAlone(call: Waiting<I, O>) {
    try {
      const [result] = await run([call.item]);
      call.resolve(result);
    } catch (error) {
      call.reject(error);
    }
  }

  /** Tries the calls of failed groups alone, a few at a time, so they cannot take every connection. */
  function retryAlone() {
    while (aloneInFlight < maxAloneInFlight && retrying.length > 0) {
      const call = retrying.shift() as Waiting<I, O>;
      aloneInFlight++;
      void runAlone(call).then(() => {
        aloneInFlight--;
        retryAlone();
      });
    }
  }

  /** Answers the group, or hands it back when it failed as a group (to be tried one at a time). */
  async function send(group: Waiting<I, O>[]): Promise<Waiting<I, O>[]> {
    stats.groups++;
    stats.items += group.length;
    try {
      const results = await run(group.map((call) => call.item));
      if (results.length !== group.length) {
        throw new Error(`groupedCalls: ${results.length} results for ${group.length} items`);
      }
      for (const [i, call] of group.entries()) call.resolve(results[i]);
      return [];
    } catch (error) {
      if (group.length === 1) {
        group[0].reject(error);
        return [];
      }
      stats.retriedAlone += group.length;
      return group;
    }
  }

  function fill() {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = waiting.splice(0, maxGroup);
      inFlight++;
      void send(group).then((failed) => {
        // The slot is free again before the retries: they take the time of their own waits (a
        // lock another transaction holds), and the calls behind them need not wait for those.
        inFlight--;
        fill();
        retrying.push(...failed);
        retryAlone();
      });
    }
  }

  const call = ((item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // The calls of this turn of the event loop go together; later ones wait for a free slot.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(fill);
      }
    })) as GroupedCalls<I, O>;
  Object.defineProperty(call, "stats", { value: stats });
  return call;
}
