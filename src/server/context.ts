import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { Mailer } from "./email/mailer";
import type { GiftCardProvider } from "./gift-cards/provider";
import type { PaymentProvider } from "./payments/provider";

/**
 * The read replica as the metrics see it (db/replica.ts, issue 31): how far behind it is, whether
 * stale-ok reads go to it now, and how many reads fell back to the primary since start-up.
 */
export type ReplicaStatus = { lagMs: number | null; healthy: boolean; fallbacks: number; replicaReads: number };

/** What every service needs, built once by buildApp and passed explicitly. */
export type AppContext = {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  payments: PaymentProvider;
  giftCards: GiftCardProvider;
  log: FastifyBaseLogger;
  /**
   * Aborted when the process starts shutting down (lifecycle.ts): readiness answers 503 and the
   * scheduler's jobs stop between items, giving back what they claimed (jobs/stopping.ts).
   */
  stopping: AbortSignal;
  /** Present with DATABASE_REPLICA_URL. */
  replica?: { status(): ReplicaStatus };
};
