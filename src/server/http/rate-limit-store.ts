import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { rateLimitCounters } from "../db/schema";

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * The rate limits' counts in the database, so that every process behind a load balancer counts
 * the same attempts (a per-process count would multiply the limit by the number of processes).
 * A fixed window per route and client: the first attempt opens it, the count starts again once it
 * has passed. One statement per attempt, atomic under concurrency (an upsert on the key).
 */
export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scope = "",
  ) {}

  incr(key: string, callback: Callback, timeWindow?: number): void {
    this.count(`${this.scope}|${key}`, timeWindow ?? 60_000).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  /**
   * Each route counts on its own (method and path), as the plugin's default store does; a limiter
   * made outside a route (`fastify.rateLimit()`) gets a scope of its own, numbered in the order
   * the app creates them (the same in every process). Backoff options are not supported.
   */
  child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): DatabaseRateLimitStore {
    // The plugin passes the route's merged limit options, which carry the route as `routeInfo`.
    const options = routeOptions as {
      routeInfo?: { method?: string | string[]; url?: string };
      continueExceeding?: boolean;
      exponentialBackoff?: boolean;
    };
    if (options.continueExceeding || options.exponentialBackoff) {
      throw new Error(
        "DatabaseRateLimitStore counts fixed windows: continueExceeding and exponentialBackoff are not supported",
      );
    }
    const route = options.routeInfo;
    if (!route?.url) return new DatabaseRateLimitStore(this.db, this.clock, `limiter-${++this.limiters}`);
    const method = Array.isArray(route.method) ? route.method.join(",") : (route.method ?? "");
    return new DatabaseRateLimitStore(this.db, this.clock, `${method} ${route.url}`);
  }

  private limiters = 0;

  private count(key: string, windowMs: number): Promise<Result> {
    return countAttempt(this.db, this.clock.now(), key, windowMs);
  }
}

/**
 * Counts one attempt under `key` in its fixed window of `windowMs` (opened by the first attempt,
 * started again once it has passed): the attempts counted so far, this one included, and the time
 * left in the window. Shared by the route limiters above and the per-member limits of services.
 */
export async function countAttempt(db: Db, now: Date, key: string, windowMs: number): Promise<Result> {
  const resetAt = new Date(now.getTime() + windowMs);
  const c = rateLimitCounters;
  const [row] = await db
    .insert(c)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: c.key,
      set: {
        count: sql`case when ${c.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${c.count} + 1 end`,
        resetAt: sql`case when ${c.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${c.resetAt} end`,
      },
    })
    .returning({ count: c.count, resetAt: c.resetAt });
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) };
}

/** Forgets the windows that ended (a scheduler job): the table keeps only live counts. */
export async function sweepRateLimits(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, now))
    .returning({ key: rateLimitCounters.key });
  return rows.length;
}
