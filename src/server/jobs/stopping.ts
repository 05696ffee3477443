// Jobs and a shutdown (issue 31, part 4): a stopping process (ctx.stopping aborted) finishes the
// item it is on and starts no other; what it claimed and did not do is given back, so another
// process takes it at its next tick instead of waiting for a lease or a period to run out.
import { sql } from "drizzle-orm";
import { PgliteDatabase } from "drizzle-orm/pglite";
import type { AppContext } from "../context";
import { queryRows, type Tx } from "../db/client";

/** The interruption of a job by a shutdown: not a failure (nothing is counted or retried later). */
export class ShuttingDown extends Error {
  constructor(message = "The process is shutting down", options?: ErrorOptions) {
    super(message, options);
    this.name = "ShuttingDown";
  }
}

/** Whether `err` (or what it wraps) is a shutdown's interruption. */
export function isShutdown(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof ShuttingDown) return true;
  return false;
}

/** Between two items of a job: stops it (ShuttingDown) once the process is stopping. */
export function stopIfShuttingDown(ctx: AppContext): void {
  if (!ctx.stopping.aborted) return;
  const reason = ctx.stopping.reason;
  throw reason instanceof ShuttingDown ? reason : new ShuttingDown(undefined, { cause: reason });
}

/**
 * Runs `work` under a claim this process holds; when a shutdown interrupts it, `giveBack` releases
 * the claim before the interruption goes on up, so another process takes the work at once. A claim
 * whose work finished (or failed on its own) is left as it is.
 */
export async function givingBack<T>(
  ctx: AppContext,
  giveBack: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isShutdown(err)) {
      await giveBack().catch((giveBackErr) =>
        ctx.log.error({ err: giveBackErr }, "a claim interrupted by the shutdown was not given back"),
      );
    }
    throw err;
  }
}

/**
 * Cancels the statement `tx` is running, only while it is still that transaction (its backend and
 * start): the connection may serve someone else's query a moment later. Null on PGlite, whose one
 * connection cannot be waited on by another.
 */
async function cancellerOf(ctx: AppContext, tx: Tx): Promise<(() => Promise<unknown>) | null> {
  if (ctx.db instanceof PgliteDatabase) return null;
  const [self] = await queryRows<{ pid: number; began: string }>(
    tx,
    sql`select pg_backend_pid() as pid, now()::text as began`,
  );
  return () =>
    ctx.db.execute(sql`select pg_cancel_backend(pid) from pg_stat_activity
      where pid = ${self.pid} and xact_start = ${self.began}::timestamptz`);
}

/**
 * A job item done in one transaction (a settlement), which a shutdown abandons instead of waiting
 * for: nothing of it counts before it commits, so its running statement (a lock wait, say) is
 * cancelled, it rolls back, and its rows are free for another process at once. It throws
 * ShuttingDown then, so the caller does not count it as a failure. Once `work` is done it commits.
 */
export async function abandonableTransaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  stopIfShuttingDown(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const cancel = await cancellerOf(ctx, tx);
      const onStop = () => {
        cancel?.().catch((err) => ctx.log.error({ err }, "a job's transaction could not be cancelled"));
      };
      ctx.stopping.addEventListener("abort", onStop, { once: true });
      try {
        return await work(tx);
      } finally {
        ctx.stopping.removeEventListener("abort", onStop);
      }
    });
  } catch (err) {
    // Whatever broke it once the shutdown began (the cancel, even of its commit) rolled it back.
    if (ctx.stopping.aborted && !isShutdown(err))
      throw new ShuttingDown("Abandoned for the shutdown", { cause: err });
    throw err;
  }
}
