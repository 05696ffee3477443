import { Counter, Gauge, type Registry } from "prom-client";
import type { AppContext, ReplicaStatus } from "../context";
import { METRIC_PREFIX } from "./registry";

/** The replica's status as read at the start of a scrape; null when it could not be read. */
type LatestStatus = () => ReplicaStatus | null;

/**
 * A counter that follows a number counted elsewhere since start-up (the replica's own tallies):
 * each scrape adds what it grew by. Should the source start over, the counter waits for it to
 * grow again rather than going back (a counter never decreases).
 */
function followingCounter(registry: Registry, name: string, help: string, read: () => number | null) {
  let seen = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now === null) return;
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
}

/** A gauge set from the replica's status at each scrape, left as it was when that was not read. */
function statusGauge(registry: Registry, name: string, help: string, read: () => number | null) {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      if (value !== null) this.set(value);
    },
  });
}

/** The read replica's lag, health, fallbacks to the primary and reads (db/replica.ts). */
export function registerReplicaMetrics(registry: Registry, latest: LatestStatus): void {
  const read = (pick: (s: ReplicaStatus) => number) => () => {
    const status = latest();
    return status && pick(status);
  };
  statusGauge(
    registry,
    `${METRIC_PREFIX}replica_lag_seconds`,
    "How far the read replica is behind the primary, in seconds (NaN: not known, e.g. unreachable)",
    read((s) => (s.lagMs === null ? Number.NaN : s.lagMs / 1000)),
  );
  statusGauge(
    registry,
    `${METRIC_PREFIX}replica_healthy`,
    "1 when reads that may be a second stale go to the replica, 0 when they fall back to the primary",
    read((s) => (s.healthy ? 1 : 0)),
  );
  followingCounter(
    registry,
    `${METRIC_PREFIX}replica_fallbacks_total`,
    "Reads meant for the replica that went to the primary (replica down or lagging)",
    read((s) => s.fallbacks),
  );
  followingCounter(
    registry,
    `${METRIC_PREFIX}replica_reads_total`,
    "Reads served by the replica",
    read((s) => s.replicaReads),
  );
}

/**
 * The replica's metrics, once the app has a replica (it may be attached after the app is built):
 * a deployment without one shows no replica that is down. Its status is read once per scrape; a
 * status that throws is logged and the last values stay.
 */
export function watchReplica(ctx: AppContext): void {
  let latest: ReplicaStatus | null = null;
  let registered = false;
  ctx.metrics.beforeScrape.push(() => {
    if (!ctx.replica) return;
    try {
      latest = ctx.replica.status();
    } catch (err) {
      latest = null;
      ctx.log.warn({ err }, "metrics: the replica's status could not be read; the last values stay");
    }
    if (registered) return;
    registered = true;
    registerReplicaMetrics(ctx.metrics.registry, () => latest);
  });
}
