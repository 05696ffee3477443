import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { Mailer } from "./email/mailer";
import type { GiftCardProvider } from "./gift-cards/provider";
import type { Metrics } from "./metrics/registry";
import type { PaymentProvider } from "./payments/provider";

/**
 * The read replica as the metrics see it (db/replica.ts, issue 31): how far behind it is, whether
 * stale-ok reads go to it now, and how many reads fell back to the primary since start-up.
 */
export type ReplicaStatus = {
  lagMs: number | null;
  healthy: boolean;
  fallbacks: number;
  replicaReads: number;
};

/** What every service needs, built once by buildApp and passed explicitly. */
export type AppContext = {
  db: Db;
  /**
   * For the reads that may be a second stale (issue 31: the competitions board, standings pages,
   * group pages, leaderboards, statements): the replica while it keeps up, else `db`. Never for what
   * the member just changed (their wallet, their own steps, their session) nor inside a transaction.
   * Without DATABASE_REPLICA_URL (and on PGlite) it is `db` itself.
   */
  staleOkDb: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  payments: PaymentProvider;
  giftCards: GiftCardProvider;
  log: FastifyBaseLogger;
  /** The process's Prometheus instruments (metrics/registry.ts), served by the metrics listener. */
  metrics: Metrics;
  /**
   * Aborted when the process starts shutting down (lifecycle.ts): readiness answers 503 and the
   * scheduler's jobs stop between items, giving back what they claimed (jobs/stopping.ts).
   */
  stopping: AbortSignal;
  /** Present with DATABASE_REPLICA_URL. */
  replica?: { status(): ReplicaStatus };
};
