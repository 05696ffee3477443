// The two shapes of load, run inside the load generator: a closed loop (a fixed number of clients,
// each sending its next request when the previous is answered: the most the server does) and an
// open loop (requests started at a fixed rate whatever the answers, latency counted from when each
// was due, so a server falling behind shows in it instead of slowing the load down).
import { Connection } from "./connection";

/** Counts answers: latencies of those answered inside the measured window, failures throughout. */
export class Recorder {
  /** Latencies in ms of the requests answered inside the measured window. */
  readonly latencies: number[] = [];
  /** Status codes other than 200 (and transport errors as "error"), warm-up included. */
  readonly failures: Record<string, number> = {};
  measured = 0;

  constructor(
    private readonly measureFrom: number,
    private readonly stopAt: number,
  ) {}

  record(t0: number, status: number) {
    const t1 = performance.now();
    if (status !== 200) {
      const key = status === -1 ? "error" : String(status);
      this.failures[key] = (this.failures[key] ?? 0) + 1;
    }
    if (t1 >= this.measureFrom && t1 <= this.stopAt) {
      this.measured++;
      this.latencies.push(t1 - t0);
    }
  }
}

/** Sends one request for `member` over `connection`; `t0`: when it was due. */
export type Send<Member> = (connection: Connection, member: Member, t0: number) => Promise<void>;

/**
 * Closed loop: `clients` connections until `stopAt`; client k walks the members k, k + clients,
 * ..., so a member never has two requests in flight.
 */
export async function closedLoop<Member>(o: {
  port: number;
  clients: number;
  members: readonly Member[];
  stopAt: number;
  connections: Connection[];
  send: Send<Member>;
}): Promise<void> {
  async function client(k: number) {
    const connection = new Connection(o.port);
    o.connections.push(connection);
    const mine = o.members.filter((_, i) => i % o.clients === k);
    let n = 0;
    while (performance.now() < o.stopAt) {
      await o.send(connection, mine[n++ % mine.length] as Member, performance.now());
    }
  }
  await Promise.all(Array.from({ length: o.clients }, (_, k) => client(k)));
}

/**
 * Open loop: a request is due every 1/rate s until `stopAt` (or `signal` aborts), sent for the next
 * member with none in flight over a free connection (opened when none is free). Pushes how late
 * each request due from `measureFrom` on was sent to `sendLags` (the generator's own stalls,
 * counted in the latency); answers how many due from `measureFrom` on were skipped for want of an
 * idle member (as the latencies, the warm-up's are not counted: its first requests each open a
 * connection).
 */
export async function openLoop<Member>(o: {
  port: number;
  rate: number;
  members: readonly Member[];
  measureFrom: number;
  stopAt: number;
  signal?: AbortSignal;
  connections: Connection[];
  sendLags: number[];
  send: Send<Member>;
}): Promise<number> {
  const free: Connection[] = [];
  const idle = [...o.members];
  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / o.rate;
  let due = performance.now();
  let skipped = 0;
  while (due < o.stopAt && !o.signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    for (const now = performance.now(); due <= now && due < o.stopAt; due += interval) {
      if (due >= o.measureFrom) o.sendLags.push(now - due);
      const member = idle.shift();
      if (member === undefined) {
        if (due >= o.measureFrom) skipped++;
        continue;
      }
      let connection = free.pop();
      if (!connection) {
        connection = new Connection(o.port);
        o.connections.push(connection);
      }
      const c = connection;
      const run: Promise<void> = o.send(c, member, due).then(() => {
        idle.push(member);
        free.push(c);
        inFlight.delete(run);
      });
      inFlight.add(run);
    }
  }
  await Promise.all(inFlight);
  return skipped;
}
