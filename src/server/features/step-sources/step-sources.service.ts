import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { stepSourceName } from "../../../core/step-sources";
import type { AppContext } from "../../context";
import { stepSourceAccounts, stepSourceStates, stepSources } from "../../db/schema";
import { notFound } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { daysBySource, localDate, quarterHourStart } from "../steps/steps.service";
import type { BudgetUse } from "./api-budget";
import { openToken, sealToken } from "./token-box";
import { BudgetSpent, type StepVendor } from "./vendor";
import { withingsVendor } from "./withings/withings";

// A member's step sources (issue 33): connecting a wearable's account (OAuth 2 with a single-use
// `state` bound to the member), its tokens sealed at rest, its webhooks marking it for the import
// job (import-job.ts), disconnecting (the vendor's access revoked, what was counted kept).

const STATE_TTL_MS = 10 * 60_000;
/** The days read back when a source is connected. */
export const BACKFILL_DAYS = 7;
/** How often the polling fallback reads a source that sent no webhook. */
export const POLL_EVERY_MS = 6 * 3600_000;
/** A failed import or revoke (the vendor down, say) is tried again after this. */
export const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

export type SourceRow = typeof stepSources.$inferSelect;

/** The vendors this server is configured for (none without their settings). */
export function configuredVendors(ctx: AppContext): StepVendor[] {
  return ctx.config.withings ? [withingsVendor(ctx)] : [];
}

export function vendorOf(ctx: AppContext, id: string): StepVendor {
  const vendor = configuredVendors(ctx).find((v) => v.id === id);
  if (!vendor) throw notFound("That step source is not available");
  return vendor;
}

/** A key of its own for each use, derived from STEP_SOURCE_KEY (HKDF-SHA256). */
const subkey = (ctx: AppContext, use: "tokens" | "notify") => {
  const key = ctx.config.withings?.key;
  if (!key) throw new Error("STEP_SOURCE_KEY is not set");
  return Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `steprace step-source ${use}`, 32));
};
export const keyOf = (ctx: AppContext) => subkey(ctx, "tokens");
/** What a sealed token is bound to: its vendor, member and column (a token moved elsewhere does not open). */
export const sealContext = (vendor: string, userId: number, column: "access" | "refresh") =>
  `${vendor}:${userId}:${column}`;
const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

/**
 * Where the vendor sends the member back: the app's page, which finishes the connect from the
 * member's own session and device (a redirect carries the cookie, not the device the session is
 * bound to); and where it sends its webhooks (with a secret token).
 */
export const callbackUrl = (ctx: AppContext, vendor: string) => `${ctx.config.appUrl}/connect/${vendor}`;
export const notifyToken = (ctx: AppContext, vendor: string) =>
  createHmac("sha256", subkey(ctx, "notify")).update(vendor).digest("hex").slice(0, 32);
export const notifyUrl = (ctx: AppContext, vendor: string) =>
  `${ctx.config.appUrl}/api/step-sources/${vendor}/notify?token=${notifyToken(ctx, vendor)}`;

/** Whether `token` is the vendor's webhook token (compared in constant time). */
export function validNotifyToken(ctx: AppContext, vendor: string, token: string | undefined): boolean {
  if (!ctx.config.withings || !token) return false;
  const expected = Buffer.from(notifyToken(ctx, vendor));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A path of this app to come back to (anything else: the profile). */
function safeReturnPath(path: string | undefined): string {
  return path && /^\/(?!\/)[\w\-/]*$/.test(path) ? path : "/profile";
}

/** Starts a connect: the vendor's consent page, with a state only this member's callback can use. */
export async function startConnect(ctx: AppContext, viewer: Viewer, vendorId: string, returnTo?: string) {
  const user = requireUser(viewer);
  const vendor = vendorOf(ctx, vendorId);
  const state = randomBytes(24).toString("base64url");
  const now = ctx.clock.now();
  await ctx.db.delete(stepSourceStates).where(sql`${stepSourceStates.expiresAt} < ${now}`);
  await ctx.db.insert(stepSourceStates).values({
    stateHash: hashState(state),
    userId: user.id,
    vendor: vendor.id,
    returnTo: safeReturnPath(returnTo),
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return { url: vendor.authorizeUrl(state, callbackUrl(ctx, vendor.id)) };
}

export type ConnectResult = "connected" | "denied" | "expired" | "failed" | "taken";
const back = (returnTo: string, result: ConnectResult) => ({ result, returnTo });

/**
 * The vendor's redirect back, sent on by the app's page: the state must be this member's, unused
 * and fresh; the code is exchanged at once (Withings' lasts 30 seconds), the tokens sealed, the
 * webhook subscribed, and the last BACKFILL_DAYS imported by the job. Answers how it went and the
 * page the connect started from.
 */
export async function finishConnect(
  ctx: AppContext,
  viewer: Viewer,
  vendorId: string,
  query: { code?: string; state: string; error?: string },
): Promise<{ result: ConnectResult; returnTo: string }> {
  const user = requireUser(viewer);
  const vendor = vendorOf(ctx, vendorId);
  const now = ctx.clock.now();
  const [state] = await ctx.db
    .delete(stepSourceStates)
    .where(
      and(eq(stepSourceStates.stateHash, hashState(query.state)), eq(stepSourceStates.vendor, vendor.id)),
    )
    .returning();
  if (!state || state.userId !== user.id || state.expiresAt < now) return back("/profile", "expired");
  if (!query.code || query.error) return back(state.returnTo, "denied");
  let tokens: Awaited<ReturnType<StepVendor["exchangeCode"]>>;
  try {
    tokens = await vendor.exchangeCode(query.code, callbackUrl(ctx, vendor.id), { use: "notified" });
  } catch (err) {
    ctx.log.warn({ err, userId: user.id, vendor: vendor.id }, "step source code exchange failed");
    return back(state.returnTo, "failed");
  }
  const [taken] = await ctx.db
    .select({ userId: stepSources.userId })
    .from(stepSources)
    .where(and(eq(stepSources.vendor, vendor.id), eq(stepSources.externalUserId, tokens.externalUserId)));
  if (taken && taken.userId !== user.id) return back(state.returnTo, "taken");
  // The member's earlier connection (another account of the vendor's, or one still being revoked)
  // is revoked first: one account at a time, and none left granted.
  const [earlier] = await ctx.db
    .select()
    .from(stepSources)
    .where(and(eq(stepSources.userId, user.id), eq(stepSources.vendor, vendor.id)));
  if (
    earlier &&
    (earlier.status === "revoke" || earlier.externalUserId !== tokens.externalUserId) &&
    (await forget(ctx, vendor, earlier)) !== "forgotten"
  )
    return back(state.returnTo, "failed");
  // An account that counted for another member before counts for this one only from now: the same
  // week of steps is never counted twice by moving the watch from member to member.
  await ctx.db
    .insert(stepSourceAccounts)
    .values({ vendor: vendor.id, externalUserId: tokens.externalUserId, userId: user.id, linkedAt: now })
    .onConflictDoNothing();
  const known = await ctx.db
    .select({ userId: stepSourceAccounts.userId })
    .from(stepSourceAccounts)
    .where(
      and(
        eq(stepSourceAccounts.vendor, vendor.id),
        eq(stepSourceAccounts.externalUserId, tokens.externalUserId),
        sql`${stepSourceAccounts.userId} <> ${user.id}`,
      ),
    );
  const key = keyOf(ctx);
  const backfillFrom = new Date(
    quarterHourStart(now.getTime() - (known.length > 0 ? 0 : BACKFILL_DAYS * 86_400_000)),
  );
  const values = {
    userId: user.id,
    vendor: vendor.id,
    externalUserId: tokens.externalUserId,
    accessToken: sealToken(key, tokens.accessToken, sealContext(vendor.id, user.id, "access")),
    refreshToken: sealToken(key, tokens.refreshToken, sealContext(vendor.id, user.id, "refresh")),
    tokenExpiresAt: tokens.expiresAt,
    scope: tokens.scope,
    status: "connected",
    connectedAt: now,
    countsFrom: backfillFrom,
    syncedTo: backfillFrom,
    notifiedAt: now,
    nextPollAt: new Date(now.getTime() + POLL_EVERY_MS),
    leasedUntil: null,
    subscribed: false,
    lastError: null,
  };
  try {
    await ctx.db
      .insert(stepSources)
      .values(values)
      .onConflictDoUpdate({ target: [stepSources.userId, stepSources.vendor], set: values });
  } catch (err) {
    // Another member connected the same account a moment before (the unique index decided).
    if ((err as { code?: string }).code === "23505") return back(state.returnTo, "taken");
    throw err;
  }
  await subscribe(ctx, vendor, user.id, tokens.accessToken, "notified");
  ctx.log.info({ userId: user.id, vendor: vendor.id }, "step source connected");
  return back(state.returnTo, "connected");
}

export async function subscribe(
  ctx: AppContext,
  vendor: StepVendor,
  userId: number,
  accessToken: string,
  use: BudgetUse,
) {
  try {
    await vendor.subscribe(accessToken, notifyUrl(ctx, vendor.id), { use });
    await ctx.db
      .update(stepSources)
      .set({ subscribed: true })
      .where(and(eq(stepSources.userId, userId), eq(stepSources.vendor, vendor.id)));
  } catch (err) {
    // The polling job subscribes again; until then it reads the steps on its own.
    ctx.log.warn({ err, userId, vendor: vendor.id }, "step source webhook subscription failed");
  }
}

/**
 * Revokes the vendor's access and deletes the row (the tokens with it); counted steps stay. When
 * the vendor cannot be reached or the budget is spent, the row waits as `revoke` (no longer shown
 * or imported) and the job tries again, so access is never left granted.
 */
export async function forget(
  ctx: AppContext,
  vendor: StepVendor | undefined,
  row: SourceRow,
): Promise<"forgotten" | "later" | "budget"> {
  if (vendor) {
    try {
      const accessToken = openToken(
        keyOf(ctx),
        row.accessToken,
        sealContext(row.vendor, row.userId, "access"),
      );
      await vendor.revoke({ accessToken, externalUserId: row.externalUserId }, notifyUrl(ctx, vendor.id), {
        use: "notified",
      });
    } catch (err) {
      ctx.log.warn(
        { err, userId: row.userId, vendor: row.vendor },
        "step source revoke failed; tried again later",
      );
      const spent = err instanceof BudgetSpent;
      await ctx.db
        .update(stepSources)
        .set({
          status: "revoke",
          notifiedAt: null,
          leasedUntil: null,
          nextPollAt: new Date(ctx.clock.now().getTime() + (spent ? 0 : RETRY_AFTER_FAILURE_MS)),
          lastError: String((err as Error).message).slice(0, 300),
        })
        .where(eq(stepSources.id, row.id));
      return spent ? "budget" : "later";
    }
  }
  await ctx.db.delete(stepSources).where(eq(stepSources.id, row.id));
  return "forgotten";
}

/** Disconnect: the vendor's access revoked, the tokens deleted; what it counted stays counted. */
export async function disconnect(ctx: AppContext, viewer: Viewer, vendorId: string) {
  const user = requireUser(viewer);
  const [row] = await ctx.db
    .select()
    .from(stepSources)
    .where(and(eq(stepSources.userId, user.id), eq(stepSources.vendor, vendorId)));
  if (!row || row.status === "revoke") throw notFound("That step source is not connected");
  const vendor = vendorOf(ctx, vendorId);
  await forget(ctx, vendor, row);
  return { message: `${vendor.name} disconnected. The steps it counted stay counted.` };
}

/** An account being deleted: every source revoked and forgotten. */
export async function forgetMember(ctx: AppContext, userId: number) {
  const rows = await ctx.db.select().from(stepSources).where(eq(stepSources.userId, userId));
  for (const row of rows) {
    await forget(
      ctx,
      configuredVendors(ctx).find((v) => v.id === row.vendor),
      row,
    );
  }
}

/**
 * A vendor's webhook: the member's source is marked as having new data (the import job reads it
 * first). Answers whether the account is connected here; an unknown one changes nothing.
 */
export async function notified(ctx: AppContext, vendorId: string, externalUserId: string): Promise<boolean> {
  const rows = await ctx.db
    .update(stepSources)
    .set({ notifiedAt: sql`coalesce(${stepSources.notifiedAt}, ${ctx.clock.now()})` })
    .where(
      and(
        eq(stepSources.vendor, vendorId),
        eq(stepSources.externalUserId, externalUserId),
        eq(stepSources.status, "connected"),
      ),
    )
    .returning({ id: stepSources.id });
  return rows.length > 0;
}

/** The member's sources: which can be connected, each connected one's state, today's steps by source. */
export async function overview(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  const [rows, [day]] = await Promise.all([
    ctx.db
      .select()
      .from(stepSources)
      .where(and(eq(stepSources.userId, user.id), sql`${stepSources.status} <> 'revoke'`)),
    daysBySource(ctx, user.id, user.timeZone, 1),
  ]);
  // A member whose steps were never counted by source: all of today's are the phone's.
  const todayBySource = !day
    ? []
    : day.sources.length > 0
      ? day.sources
      : [{ source: "phone", steps: day.steps }];
  return {
    available: configuredVendors(ctx).map((v) => ({ id: v.id, name: v.name })),
    connections: rows.map((r) => ({
      vendor: r.vendor,
      name: stepSourceName(r.vendor),
      status: r.status === "connected" ? ("connected" as const) : ("reconnect" as const),
      connectedAt: r.connectedAt.toISOString(),
      lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
    })),
    today: {
      date: localDate(ctx.clock.now(), user.timeZone),
      steps: day?.steps ?? 0,
      bySource: todayBySource.map((d) => ({
        source: d.source,
        name: stepSourceName(d.source),
        steps: d.steps,
      })),
    },
  };
}

/** A member's sources and their last two weeks by source, for the admin member page. */
export async function forAdmin(ctx: AppContext, userId: number, timeZone: string) {
  const [rows, days] = await Promise.all([
    ctx.db.select().from(stepSources).where(eq(stepSources.userId, userId)),
    daysBySource(ctx, userId, timeZone),
  ]);
  return {
    connections: rows.map((r) => ({
      vendor: r.vendor,
      status: r.status as "connected" | "reconnect" | "revoke",
      connectedAt: r.connectedAt.toISOString(),
      lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
      lastError: r.lastError,
    })),
    days,
  };
}
