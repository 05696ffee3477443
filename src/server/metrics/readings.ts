// Gauges read at scrape time from the database. Several gauges share one query (one reading per
// scrape), and a query that fails is logged and leaves each gauge at its last value: a scrape
// never fails because one reading did.
import type { FastifyBaseLogger } from "fastify";
import { Gauge, type Registry } from "prom-client";

/** A reading shared by the gauges of one scrape: null when it failed (and was logged). */
export type Reading<T> = () => Promise<T | null>;

/** Reads `read` once however many gauges of a scrape ask while it runs; a failure is logged once. */
export function sharedReading<T>(log: FastifyBaseLogger, what: string, read: () => Promise<T>): Reading<T> {
  let running: Promise<T | null> | null = null;
  return () => {
    running ??= read()
      .catch((err) => {
        log.warn({ err }, `metrics: the ${what} could not be read; the last values stay`);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
}

type GaugeSpec<T, L extends string> = {
  registry: Registry;
  name: string;
  help: string;
  labelNames?: readonly L[];
  reading: Reading<T>;
  /** Sets the gauge from a successful reading. */
  set: (gauge: Gauge<L>, value: T) => void;
};

/** A gauge set from `reading` at each scrape, left as it was when the reading failed. */
export function gaugeFromReading<T, L extends string = never>(spec: GaugeSpec<T, L>): Gauge<L> {
  return new Gauge<L>({
    name: spec.name,
    help: spec.help,
    labelNames: spec.labelNames ?? [],
    registers: [spec.registry],
    async collect() {
      const value = await spec.reading();
      if (value !== null) spec.set(this, value);
    },
  });
}

/** Seconds from `since` to `now` (0 without a `since`: nothing is waiting). */
export const secondsSince = (now: Date, since: Date | null): number =>
  since === null ? 0 : Math.max(0, (now.getTime() - since.getTime()) / 1000);
