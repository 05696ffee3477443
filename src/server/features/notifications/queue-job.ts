// The notification queue (DESIGN 2.4): fan-outs expanded in batches after the commit of their
// event, then every push and email sent once, several processes sharing the work.
import { sql } from "drizzle-orm";
import type { UnsubscribeKind } from "../../../core/schemas/notifications";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/client";
import { notificationEmail } from "../../email/reward-templates";
import { givingBack, stopIfShuttingDown } from "../../jobs/stopping";
import { expandBatch, type Fanout } from "./fanouts";
import { type PushOutcome, sendPush } from "./push-sender";
import { unsubscribeHeaders } from "./unsubscribe-token";
import { vapidKeys } from "./vapid";

const MINUTE = 60_000;
export const FANOUT_BATCH = 1000;
const DELIVERY_BATCH = 200;
const PUSH_CONCURRENCY = 50;
/** How long a claimed delivery is this process's: far longer than a push can take (10 s timeout). */
const LEASE_MS = 5 * MINUTE;
/** Tries of one push before it is given up (about four hours of growing delays). */
const MAX_PUSH_ATTEMPTS = 8;
/** One tick does at most this much, so the other jobs of the tick are not starved. */
const TICK_BUDGET_MS = 20_000;

/** 1, 2, 4 ... minutes, at most an hour, before the `attempts`-th retry. */
export const queueRetryDelayMs = (attempts: number) =>
  Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, Math.min(attempts - 1, 10)));

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Expands due fan-outs, one batch per transaction; answers the batches done. A batch that fails is
 * rolled back to a savepoint and its item moved on by a growing delay in the same transaction,
 * still locked, so no other process picks it up again in between; the other items go on.
 */
export async function runFanouts(ctx: AppContext, deadline = Date.now() + TICK_BUDGET_MS): Promise<number> {
  let batches = 0;
  while (Date.now() < deadline) {
    stopIfShuttingDown(ctx);
    const now = ctx.clock.now();
    const outcome = await ctx.db.transaction(async (tx) => {
      // One item per transaction, locked: another process takes the next item, or this one's
      // next batch once this commits; never the same members twice.
      const [row] = await queryRows<{
        id: number;
        type: string;
        payload: Record<string, unknown>;
        cursor: number;
      }>(
        tx,
        sql`select id, type, payload, cursor from notification_fanouts
          where done_at is null and run_at <= ${now} order by run_at, id limit 1 for update skip locked`,
      );
      if (!row) return "empty" as const;
      try {
        await tx.transaction(async (batchTx) => {
          const fanout = { type: row.type, ...row.payload } as Fanout;
          const batch = await expandBatch(batchTx, fanout, row.cursor, now, FANOUT_BATCH);
          const finished = batch.last === null || batch.count < FANOUT_BATCH;
          await batchTx.execute(sql`update notification_fanouts
            set cursor = ${batch.last ?? row.cursor}, done_at = ${finished ? now : null}, last_error = null
            where id = ${row.id}`);
        });
        return "batch" as const;
      } catch (err) {
        ctx.log.error({ err, fanoutId: row.id }, "notification fan-out failed");
        await tx.execute(sql`update notification_fanouts set attempts = attempts + 1, last_error = ${errorText(err)},
            run_at = ${now}::timestamptz + interval '1 minute' * power(2, least(attempts, 6))
          where id = ${row.id}`);
        return "failed" as const;
      }
    });
    if (outcome === "empty") break;
    if (outcome === "batch") batches++;
  }
  return batches;
}

type Claimed = {
  id: string;
  channel: "push" | "email";
  attempts: number;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  subscription_id: number | null;
  email: string;
  first_name: string;
  deleted_at: Date | null;
};

/** Claims up to a batch of due deliveries for this process (a lease), with what sending needs. */
async function claimDeliveries(ctx: AppContext, now: Date): Promise<Claimed[]> {
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  return queryRows<Claimed>(
    ctx.db,
    sql`with c as (
        update notification_deliveries d set locked_until = ${leaseEnd}, attempts = d.attempts + 1
        from (select id from notification_deliveries
              where done_at is null and run_at <= ${now} and (locked_until is null or locked_until <= ${now})
              order by run_at, id limit ${DELIVERY_BATCH} for update skip locked) due
        where d.id = due.id
        returning d.id, d.channel, d.attempts, d.notification_id, d.subscription_id)
      select c.id::text as id, c.channel, c.attempts, n.user_id, n.kind, n.title, n.body, n.link,
        s.endpoint, s.p256dh, s.auth, c.subscription_id, u.email, u.first_name, u.deleted_at
      from c join notifications n on n.id = c.notification_id join users u on u.id = n.user_id
        left join push_subscriptions s on s.id = c.subscription_id`,
  );
}

async function deliver(ctx: AppContext, d: Claimed): Promise<PushOutcome> {
  if (d.deleted_at) return { result: "failed", error: "the member deleted their account" };
  if (d.channel === "email") {
    const unsubscribe = await unsubscribeHeaders(
      ctx.db,
      ctx.config.appUrl,
      { userId: d.user_id },
      d.kind as UnsubscribeKind,
    );
    await ctx.mailer.send(d.email, {
      ...notificationEmail(d.first_name, {
        title: d.title,
        body: d.body,
        link: `${ctx.config.appUrl}${d.link}`,
        template: d.kind,
      }),
      unsubscribe,
    });
    return { result: "delivered" };
  }
  if (!d.endpoint || !d.p256dh || !d.auth) return { result: "failed", error: "the subscription is gone" };
  return sendPush(
    { endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth },
    { title: d.title, body: d.body, link: d.link, tag: `n${d.id}` },
    await vapidKeys(ctx),
    { allowPrivate: ctx.config.pushAllowPrivateEndpoints },
  );
}

/**
 * Runs `work` over `items`, at most `limit` at a time; once `stop()` says so, no item is begun
 * (those answer undefined) and the ones under way finish.
 */
async function pooled<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
  stop: () => boolean,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length).fill(undefined);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Claimed deliveries this process did not try: free at once for another, their try not counted. */
async function giveBackDeliveries(ctx: AppContext, ids: string[]) {
  if (ids.length === 0) return;
  await ctx.db.execute(sql`update notification_deliveries set locked_until = null, attempts = attempts - 1
    where id = any(${`{${ids.join(",")}}`}::bigint[]) and done_at is null`);
}

/** Sends due pushes and emails; answers how many were delivered. */
export async function runDeliveries(
  ctx: AppContext,
  deadline = Date.now() + TICK_BUDGET_MS,
): Promise<number> {
  let delivered = 0;
  while (Date.now() < deadline) {
    stopIfShuttingDown(ctx);
    const now = ctx.clock.now();
    const claimed = await claimDeliveries(ctx, now);
    if (claimed.length === 0) break;
    let outcomes: (PushOutcome | undefined)[] = [];
    // A shutdown lets the sends under way finish and gives back the claimed ones not begun.
    const unsent = () => claimed.filter((_, i) => outcomes[i] === undefined).map((d) => d.id);
    await givingBack(
      ctx,
      () => giveBackDeliveries(ctx, unsent()),
      async () => {
        outcomes = await pooled(
          claimed,
          PUSH_CONCURRENCY,
          (d) => deliver(ctx, d).catch((err): PushOutcome => ({ result: "retry", error: errorText(err) })),
          () => ctx.stopping.aborted,
        );
        delivered += await recordOutcomes(ctx, claimed, outcomes, now);
        stopIfShuttingDown(ctx);
      },
    );
  }
  return delivered;
}

/** Writes down what became of the sends that were made; answers how many were delivered. */
async function recordOutcomes(
  ctx: AppContext,
  claimed: Claimed[],
  outcomes: (PushOutcome | undefined)[],
  now: Date,
): Promise<number> {
  const made = claimed.flatMap((d, i) => {
    const outcome = outcomes[i];
    return outcome ? [{ d, o: outcome }] : [];
  });
  const ok = made.filter(({ o }) => o.result === "delivered").map(({ d }) => d.id);
  if (ok.length) {
    await ctx.db.execute(sql`update notification_deliveries set done_at = ${now}, locked_until = null, last_error = null
      where id = any(${`{${ok.join(",")}}`}::bigint[])`);
  }
  const gone = made.filter(({ o }) => o.result === "gone").map(({ d }) => d.subscription_id);
  if (gone.length) {
    // 404 or 410: the browser dropped it; its deliveries go with it (on delete cascade).
    await ctx.db.execute(sql`delete from push_subscriptions where id = any(${`{${gone.join(",")}}`}::int[])`);
  }
  for (const { d, o } of made) {
    if (o.result !== "retry" && o.result !== "failed") continue;
    const giveUp = o.result === "failed" || d.attempts >= MAX_PUSH_ATTEMPTS;
    if (!giveUp) ctx.log.warn({ deliveryId: d.id, error: o.error }, "notification delivery will be retried");
    await ctx.db.execute(sql`update notification_deliveries set locked_until = null, last_error = ${o.error},
        done_at = ${giveUp ? now : null}, run_at = ${new Date(now.getTime() + queueRetryDelayMs(d.attempts))}
      where id = ${d.id}::bigint`);
  }
  return ok.length;
}

/** Forgets finished queue rows after a week, once a day in one process. */
async function sweepQueue(ctx: AppContext) {
  const now = ctx.clock.now();
  // The scheduler's claimPeriodicRun, inline: the scheduler imports this module.
  const claimed = await queryRows(
    ctx.db,
    sql`insert into job_runs (name, last_run_at) values ('notification-queue-sweep', ${now})
      on conflict (name) do update set last_run_at = excluded.last_run_at
      where job_runs.last_run_at <= ${new Date(now.getTime() - 24 * 60 * MINUTE)}
      returning name`,
  );
  if (claimed.length === 0) return;
  const before = new Date(ctx.clock.now().getTime() - 7 * 24 * 60 * MINUTE);
  await ctx.db.execute(sql`delete from notification_deliveries where done_at < ${before}`);
  await ctx.db.execute(sql`delete from notification_fanouts where done_at < ${before}`);
}

/** The scheduler's job: fan-outs first (they make deliveries), then the deliveries. */
export async function processNotificationQueue(ctx: AppContext): Promise<void> {
  await runFanouts(ctx);
  await runDeliveries(ctx);
  await sweepQueue(ctx);
}
