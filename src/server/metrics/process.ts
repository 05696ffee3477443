import { collectDefaultMetrics, Gauge, type Registry } from "prom-client";
import type { PoolStats } from "../db/client";
import { METRIC_PREFIX } from "./registry";

/** Registries that have the process's metrics already (prom-client refuses a name registered twice). */
const withProcessMetrics = new WeakSet<Registry>();

/** A gauge read from the pool's counts at each scrape. */
function poolGauge(registry: Registry, name: string, help: string, read: () => number) {
  new Gauge({
    name: `${METRIC_PREFIX}${name}`,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * What belongs to the process rather than the app, added when the process exposes its metrics:
 * Node's own (CPU, memory, event loop lag, garbage collection) and the database pool's
 * connections (PGlite has no pool: zeros).
 */
export function registerProcessMetrics(registry: Registry, poolStats?: () => PoolStats): void {
  if (withProcessMetrics.has(registry)) return;
  withProcessMetrics.add(registry);
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  if (!poolStats) return;
  poolGauge(
    registry,
    "db_pool_connections_in_use",
    "Database connections of this process's pool running a query or transaction",
    () => {
      const { total, idle } = poolStats();
      return total - idle;
    },
  );
  poolGauge(
    registry,
    "db_pool_connections_idle",
    "Open database connections waiting in the pool",
    () => poolStats().idle,
  );
  poolGauge(
    registry,
    "db_pool_waiting_requests",
    "Queries and transactions waiting for a connection because the pool's are all in use",
    () => poolStats().waiting,
  );
}
