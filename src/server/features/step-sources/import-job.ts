import { eq, sql } from "drizzle-orm";
import { zonedTimeToUtc } from "../../../core/rules/zoned-time";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/client";
import { stepSources } from "../../db/schema";
import { type ImportedInterval, importSteps, localDate, quarterHourStart } from "../steps/steps.service";
import type { BudgetUse } from "./api-budget";
import {
  BACKFILL_DAYS,
  configuredVendors,
  forget,
  keyOf,
  POLL_EVERY_MS,
  RETRY_AFTER_FAILURE_MS,
  type SourceRow,
  sealContext,
  subscribe,
  vendorOf,
} from "./step-sources.service";
import { openToken, sealToken } from "./token-box";
import { BudgetSpent, MAX_INTERVALS_SPAN_MS, TokenRefused } from "./vendor";

// The step sources' import job (issue 33): what webhooks announced first, then the polls due, each
// read from its vendor within the shared budget (api-budget.ts) and counted through the steps
// feature's one accounting (importSteps); revokes still owed are retried here too.

/** Tokens are refreshed when they have less than this left. */
const REFRESH_AHEAD_MS = 10 * 60_000;
/** How long an import may hold its source. */
const LEASE_MS = 10 * 60_000;
/**
 * A source a webhook announced is read at most this often (more webhooks meanwhile wait, as one):
 * whoever learnt the webhook's address cannot make the app spend its budget on one account.
 */
const WEBHOOK_SPACING_MS = 30_000;
/** Sources imported per job run at most, and for how long it claims more (the rest wait for the next tick). */
const IMPORTS_PER_RUN = 25;
const RUN_MS = 20_000;

/** Takes the next source to import (webhooks first, then polls due) for LEASE_MS, or none. */
async function claimNext(ctx: AppContext): Promise<(SourceRow & { use: BudgetUse }) | null> {
  const now = ctx.clock.now();
  const vendors = configuredVendors(ctx).map((v) => v.id);
  if (vendors.length === 0) return null;
  const [row] = await queryRows<{ id: number; notified: boolean }>(
    ctx.db,
    sql`with picked as (
        select id, notified_at from step_sources
        where vendor in (${sql.join(
          vendors.map((v) => sql`${v}`),
          sql`, `,
        )})
          and (leased_until is null or leased_until < ${now})
          and ((status = 'connected' and (next_poll_at <= ${now} or (notified_at is not null
            and (last_sync_at is null or last_sync_at <= ${new Date(now.getTime() - WEBHOOK_SPACING_MS)}))))
            or (status = 'revoke' and next_poll_at <= ${now}))
        order by notified_at nulls last, next_poll_at
        limit 1 for update skip locked)
      update step_sources s set leased_until = ${new Date(now.getTime() + LEASE_MS)},
        notified_at = null, next_poll_at = ${new Date(now.getTime() + POLL_EVERY_MS)}
      from picked where s.id = picked.id
      returning s.id, picked.notified_at is not null as notified`,
  );
  if (!row) return null;
  const [source] = await ctx.db.select().from(stepSources).where(eq(stepSources.id, row.id));
  return source ? { ...source, use: row.notified ? "notified" : "polling" } : null;
}

/**
 * The import job: sources a webhook announced first, then those whose poll is due, each read
 * from the vendor (tokens refreshed first when near their end) and counted. A spent budget ends
 * the run (the source keeps its turn); one source that fails is recorded and never stops the rest.
 */
export async function importDueSources(ctx: AppContext): Promise<{ imported: number; failed: number }> {
  const report = { imported: 0, failed: 0 };
  const startedAt = Date.now();
  for (let n = 0; n < IMPORTS_PER_RUN && !ctx.stopping.aborted && Date.now() - startedAt < RUN_MS; n++) {
    const source = await claimNext(ctx);
    if (!source) break;
    if (source.status === "revoke") {
      // A spent budget ends the run, as for an import: the next window has room.
      if ((await forget(ctx, vendorOf(ctx, source.vendor), source)) === "budget") break;
      continue;
    }
    try {
      await importSource(ctx, source);
      report.imported++;
    } catch (err) {
      if (err instanceof BudgetSpent) {
        // Its turn back, as it was: the next window has room.
        const now = ctx.clock.now();
        await ctx.db
          .update(stepSources)
          .set({
            leasedUntil: null,
            ...(source.use === "notified" ? { notifiedAt: now } : { nextPollAt: now }),
          })
          .where(eq(stepSources.id, source.id));
        break;
      }
      report.failed++;
      const reconnect = err instanceof TokenRefused;
      ctx.log[reconnect ? "info" : "error"](
        { err, userId: source.userId, vendor: source.vendor },
        "step source import failed",
      );
      await ctx.db
        .update(stepSources)
        .set({
          leasedUntil: null,
          lastError: reconnect
            ? "The vendor no longer accepts this connection"
            : String((err as Error).message).slice(0, 300),
          // A refused connection waits for the member; anything else is tried again soon.
          ...(reconnect
            ? { status: "reconnect" }
            : { nextPollAt: new Date(ctx.clock.now().getTime() + RETRY_AFTER_FAILURE_MS) }),
        })
        .where(eq(stepSources.id, source.id));
    }
  }
  return report;
}

async function importSource(ctx: AppContext, source: SourceRow & { use: BudgetUse }) {
  const vendor = vendorOf(ctx, source.vendor);
  const key = keyOf(ctx);
  const accessContext = sealContext(source.vendor, source.userId, "access");
  const refreshContext = sealContext(source.vendor, source.userId, "refresh");
  const use = { use: source.use };
  const refresh = async () => {
    const fresh = await vendor.refresh(openToken(key, source.refreshToken, refreshContext), use);
    // The rotated refresh token, kept for a second refresh in this import too.
    source.refreshToken = sealToken(key, fresh.refreshToken, refreshContext);
    await ctx.db
      .update(stepSources)
      .set({
        accessToken: sealToken(key, fresh.accessToken, accessContext),
        refreshToken: source.refreshToken,
        tokenExpiresAt: fresh.expiresAt,
        scope: fresh.scope || source.scope,
      })
      .where(eq(stepSources.id, source.id));
    return fresh.accessToken;
  };
  const now = ctx.clock.now();
  let accessToken =
    source.tokenExpiresAt.getTime() - now.getTime() < REFRESH_AHEAD_MS
      ? await refresh()
      : openToken(key, source.accessToken, accessContext);
  const [user] = await queryRows<{ time_zone: string }>(
    ctx.db,
    sql`select time_zone from users where id = ${source.userId}`,
  );
  const zone = user?.time_zone ?? "UTC";
  // From the quarter hour last read up to, or from two days back (a watch that syncs late fills
  // in earlier hours), whichever is earlier; never before the backfill.
  const earliest = Math.max(now.getTime() - BACKFILL_DAYS * 86_400_000, source.countsFrom.getTime());
  const twoDaysBack = now.getTime() - 48 * 3600_000;
  const from = new Date(
    quarterHourStart(Math.max(earliest, Math.min(source.syncedTo.getTime(), twoDaysBack))),
  );
  // A token the vendor ended early is refreshed once (a refused refresh: the member reconnects).
  const withToken = async <T>(read: (token: string) => Promise<T>): Promise<T> => {
    try {
      return await read(accessToken);
    } catch (err) {
      if (!(err instanceof TokenRefused)) throw err;
      accessToken = await refresh();
      return read(accessToken);
    }
  };
  // A day at a time, counted in one go: a quarter hour's steps from one source are its total over
  // every interval read, and an interval may reach into the next day read. A spent budget counts
  // what was read (a lower bound, which a later complete read only raises) and keeps the progress
  // of a backfill, resumed an hour before where reading stopped so quarter hours there are read whole.
  const intervals: ImportedInterval[] = [];
  let readTo = from.getTime();
  try {
    for (let cursor = from.getTime(); cursor < now.getTime(); cursor += MAX_INTERVALS_SPAN_MS) {
      const end = new Date(Math.min(cursor + MAX_INTERVALS_SPAN_MS, now.getTime()));
      intervals.push(...(await withToken((token) => vendor.intervals(token, new Date(cursor), end, use))));
      readTo = end.getTime();
    }
  } catch (err) {
    if (err instanceof BudgetSpent) {
      if (intervals.length > 0)
        await importSteps(ctx, source.userId, vendor.id, { intervals, dayTotals: [] });
      const resume = quarterHourStart(readTo - 3600_000);
      if (resume > source.syncedTo.getTime())
        await ctx.db
          .update(stepSources)
          .set({ syncedTo: new Date(resume) })
          .where(eq(stepSources.id, source.id));
    }
    throw err;
  }
  // A day total counts only for a day wholly after what may count (a moved account's first day does not).
  const dayTotals = (
    await withToken((token) => vendor.dayTotals(token, localDate(from, zone), localDate(now, zone), use))
  ).filter((t) => zonedTimeToUtc(t.date, "00:00", zone).getTime() >= source.countsFrom.getTime());
  await importSteps(ctx, source.userId, vendor.id, { intervals, dayTotals });
  await ctx.db
    .update(stepSources)
    .set({
      lastSyncAt: now,
      syncedTo: new Date(quarterHourStart(now.getTime())),
      leasedUntil: null,
      lastError: null,
    })
    .where(eq(stepSources.id, source.id));
  if (!source.subscribed) await subscribe(ctx, vendor, source.userId, accessToken, source.use);
}
