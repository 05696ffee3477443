import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import {
  hasActiveSubscription,
  requireActiveSubscription,
  requireUser,
  type SessionCredentials,
  sessionFreshUntil,
  type Viewer,
} from "../../http/viewer";
import { BATCH_RETENTION_DAYS, BATCH_RETENTION_MS } from "./batch-retention";
import * as leaderboardRepo from "./leaderboard.repo";
import { addDays, localDate } from "./local-date";
import { allowedSteps, budgetAllows, REFUSAL_WINDOW_MS, REFUSALS_BEFORE_FLAG } from "./plausibility";
import * as repo from "./steps.repo";
import type { PracticeBody, StepSyncBody } from "./steps.schemas";

export const LEADERBOARD_SIZE = 50;

/** Which window limited a refused sync: the one the server measured it in, for its message. */
export type ImplausibleWindow = "lastSync" | "accountCreated" | "declared";

const WINDOW_WORDS: Record<ImplausibleWindow, string> = {
  lastSync: "since your last sync",
  accountCreated: "since your account was created",
  declared: "in the time these steps were counted",
};

export const implausibleSteps = (allowed: number, window: ImplausibleWindow = "lastSync") =>
  new AppError(
    422,
    "IMPLAUSIBLE_STEPS",
    `These steps could not be counted: that is more than anyone can walk ${WINDOW_WORDS[window]} (at most ${allowed} steps). Nothing was added.`,
  );

/**
 * A batch walked longer ago than raw batches are kept (`BATCH_RETENTION_MS`): whether it was synced
 * before can no longer be told, so it is not counted now, and the member is told so rather than
 * answered as if it counted (its phone drops it with this message).
 */
export const stepsTooOld = () =>
  new AppError(
    422,
    "STEPS_TOO_OLD",
    `These steps were walked more than ${BATCH_RETENTION_DAYS} days ago, too long ago to sync now. Any of those days' steps that synced before still count.`,
  );

/** A batch counted for one member and sent under another's session: kept by the phone for them. */
export const stepsOfAnotherMember = () =>
  new AppError(
    409,
    "STEPS_OF_ANOTHER_MEMBER",
    "These steps were counted for another member: they sync when that member signs in on this phone.",
  );

/** The member's steps today, in their own time zone. */
export async function todaySteps(ctx: AppContext, user: { id: number; timeZone: string }): Promise<number> {
  return repo.stepsOnDate(ctx.db, user.id, localDate(ctx.clock.now(), user.timeZone));
}

/** Who sends a sync: the session the request presents, and its full resolution when needed. */
export type SyncCaller = { session: SessionCredentials | null; viewer: () => Promise<Viewer> };

/** The time zone last seen per session (by token hash), so the dates of a sync can be computed
 * before the session is read. Only a guess: the database checks it (step_sync_session). */
const sessionZones = new Map<string, string>();
const SESSION_ZONES_KEPT = 50_000;

function rememberZone(tokenHash: string, timeZone: string) {
  sessionZones.delete(tokenHash);
  sessionZones.set(tokenHash, timeZone);
  // The oldest entry goes first (a Map iterates in insertion order).
  if (sessionZones.size > SESSION_ZONES_KEPT) sessionZones.delete(sessionZones.keys().next().value as string);
}

/** Who each session belongs to (by token hash): certain, since a session never changes hands. */
const sessionOwners = new Map<string, number>();

function rememberOwner(tokenHash: string, userId: number) {
  sessionOwners.delete(tokenHash);
  sessionOwners.set(tokenHash, userId);
  if (sessionOwners.size > SESSION_ZONES_KEPT)
    sessionOwners.delete(sessionOwners.keys().next().value as string);
}

/**
 * A batch that names the member it was counted for is stored only under that member's session
 * (DESIGN 1: queued steps belong to the member who was signed in when they were counted). A
 * session seen before in this process is known without a query; any other is resolved in full,
 * which also answers 401 and 403 first.
 */
async function requireOwnSteps(caller: SyncCaller, userId: number) {
  const known = caller.session ? sessionOwners.get(caller.session.tokenHash) : undefined;
  if (known === userId) return;
  const viewer = await caller.viewer();
  const user = requireActiveSubscription(viewer);
  if (viewer.state === "user") rememberOwner(viewer.tokenHash, user.id);
  if (user.id !== userId) throw stepsOfAnotherMember();
}

type Batch = { batchId: string; steps: number; recordedAt: Date; now: Date };

/**
 * The session check and the sync in one round trip, when the session is certainly usable for a
 * sync; null when nothing was stored and the session must be resolved in full. A zone guessed wrong
 * (first sync in this process, or the member changed it) costs one more round trip.
 */
async function syncAsSession(ctx: AppContext, session: SessionCredentials, batch: Batch) {
  let timeZone = sessionZones.get(session.tokenHash) ?? null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await repo.syncBatchForSession(
      ctx.db,
      { ...session, now: batch.now, freshUntil: sessionFreshUntil(batch.now) },
      {
        ...batch,
        timeZone,
        localDate: timeZone && localDate(batch.recordedAt, timeZone),
        today: timeZone && localDate(batch.now, timeZone),
      },
    );
    if (result.handled) {
      // Kept as recently used, so the sessions still syncing are the last to be forgotten.
      if (timeZone) rememberZone(session.tokenHash, timeZone);
      rememberOwner(session.tokenHash, result.userId);
      return { userId: result.userId, result: result.sync };
    }
    if (result.timeZone === null || result.timeZone === timeZone) return null;
    timeZone = result.timeZone;
    rememberZone(session.tokenHash, timeZone);
  }
  return null;
}

/** The sync after the session is resolved in full (renewal, grace, and every refusal's answer). */
async function syncAsViewer(ctx: AppContext, viewer: Viewer, batch: Batch) {
  const user = requireActiveSubscription(viewer);
  if (viewer.state === "user") {
    rememberZone(viewer.tokenHash, user.timeZone);
    rememberOwner(viewer.tokenHash, user.id);
  }
  const result = await repo.syncBatch(
    ctx.db,
    {
      userId: user.id,
      batchId: batch.batchId,
      steps: batch.steps,
      recordedAt: batch.recordedAt,
      receivedAt: batch.now,
      localDate: localDate(batch.recordedAt, user.timeZone),
    },
    localDate(batch.now, user.timeZone),
  );
  return { userId: user.id, result };
}

/**
 * Stores one batch of steps and answers today's total. A batch id seen before counts nothing
 * again and answers the same total; a batch above the plausible cadence in the time the server can
 * vouch for (since the member's previous accepted sync or since the account was created, whichever
 * is later, and inside the window the batch declares) is refused with 422,
 * recorded, and repeated refusals flag the account for review. The decision and the insert are
 * one round trip to the database, under the member's sync lock, so concurrent syncs of one member
 * pass the cadence check one at a time and concurrent retries count once. Usually the session
 * check is in that same round trip (syncAsSession), and the syncs that arrive while others are in
 * the database go together in one (steps.repo syncBatchForSession); any session it does not
 * certainly let through is resolved in full first, which answers 401 and 403 as every route does.
 */
export async function sync(ctx: AppContext, caller: SyncCaller, body: StepSyncBody) {
  if (body.userId !== undefined) await requireOwnSteps(caller, body.userId);
  const now = ctx.clock.now();
  const sent = new Date(body.timestamp);
  // A device clock running ahead cannot put steps in the future (or in a window not begun).
  const recordedAt = sent.getTime() > now.getTime() ? now : sent;
  // The window the batch declares (its first step to its last) holds at most this many steps; it
  // can only narrow what the server allows, so it needs no vouching. Checked before anything is
  // stored: the same batch would be refused again, so a retry of it is refused too.
  if (recordedAt.getTime() < now.getTime() - BATCH_RETENTION_MS) {
    requireActiveSubscription(await caller.viewer());
    throw stepsTooOld();
  }
  const declared = body.startedAt ? allowedSteps(new Date(body.startedAt), sent) : null;
  if (declared !== null && body.steps > declared) {
    const user = requireActiveSubscription(await caller.viewer());
    await recordRefusal(ctx, user.id, body, { allowed: declared, window: "declared" }, recordedAt, now);
    throw implausibleSteps(declared, "declared");
  }
  const batch: Batch = {
    batchId: body.batchId,
    steps: body.steps,
    recordedAt,
    now,
  };
  const { userId, result } =
    (caller.session && (await syncAsSession(ctx, caller.session, batch))) ??
    (await syncAsViewer(ctx, await caller.viewer(), batch));
  if (result.refused || result.totalSteps === null) {
    // The database measured the member's budget (migration 0022); read the same here, for the
    // message and the record.
    const budget = await repo.stepBudget(ctx.db, userId);
    const allowed = budgetAllows(budget.leftSteps, budget.countedTo, recordedAt);
    const window = budget.fresh ? "accountCreated" : "lastSync";
    await recordRefusal(ctx, userId, body, { allowed, window }, recordedAt, now);
    throw implausibleSteps(allowed, window);
  }
  return { stepData: { totalSteps: result.totalSteps } };
}

/**
 * A Step Test tap (DESIGN 1, Step Test): practice. It goes to the server as a sync would, so the
 * page shows the round trip, but nothing is stored: no batch, so no day total, competition
 * standing, points, streak, badge or leaderboard place can ever include it, whoever taps.
 */
export function practice(ctx: AppContext, body: PracticeBody) {
  return { practice: true as const, steps: body.steps, syncedAt: ctx.clock.now().toISOString() };
}

/**
 * Keeps a refused sync (nothing of it counted), flags the account at the third within a day, and
 * counts it in the metrics by the window that limited it.
 */
async function recordRefusal(
  ctx: AppContext,
  userId: number,
  body: StepSyncBody,
  { allowed, window }: { allowed: number; window: ImplausibleWindow },
  recordedAt: Date,
  now: Date,
) {
  await ctx.db.transaction(async (tx) => {
    // One member's refusals are counted one at a time, so the third one flags.
    await repo.lockMemberSteps(tx, userId);
    const refusals = await repo.recordRefusal(
      tx,
      { userId, batchId: body.batchId, steps: body.steps, allowedSteps: allowed, recordedAt, createdAt: now },
      new Date(now.getTime() - REFUSAL_WINDOW_MS),
    );
    if (refusals >= REFUSALS_BEFORE_FLAG) {
      await repo.flagForReview(tx, userId, now, `${refusals} implausible step syncs within 24 hours`);
      ctx.log.warn({ userId, refusals }, "account flagged for implausible step syncs");
    }
  });
  ctx.metrics.syncsRefused.inc({ reason: window });
}

export async function today(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  return { steps: await todaySteps(ctx, user) };
}

/** One entry per local calendar day, oldest first, days without steps at 0. */
export async function history(ctx: AppContext, viewer: Viewer, days: number) {
  const user = requireUser(viewer);
  const to = localDate(ctx.clock.now(), user.timeZone);
  const from = addDays(to, -(days - 1));
  const [rows, sourceRows] = await Promise.all([
    repo.stepsByDate(ctx.db, user.id, from, to),
    repo.sourceStepsByDate(ctx.db, user.id, from, to),
  ]);
  const byDate = new Map(rows.map((r) => [r.date, r.steps]));
  const sources = new Map<string, { source: string; steps: number }[]>();
  for (const r of sourceRows)
    sources.set(r.date, [...(sources.get(r.date) ?? []), { source: r.source, steps: r.steps }]);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const day = { date, steps: byDate.get(date) ?? 0 };
    // Only for a member whose steps are counted by source (a watch connected once).
    return sourceRows.length > 0 ? { ...day, sources: sources.get(date) ?? [] } : day;
  });
}

/**
 * A member's counted steps and each source's, per local day, newest first, for the days with any
 * (issue 33: the admin member page shows imported steps with their source).
 */
export async function daysBySource(ctx: AppContext, userId: number, timeZone: string, days = 14) {
  const to = localDate(ctx.clock.now(), timeZone);
  const from = addDays(to, -(days - 1));
  const [rows, sourceRows] = await Promise.all([
    repo.stepsByDate(ctx.db, userId, from, to),
    repo.sourceStepsByDate(ctx.db, userId, from, to),
  ]);
  return rows
    .filter((r) => r.steps > 0)
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((r) => ({
      date: r.date,
      steps: r.steps,
      sources: sourceRows.filter((s) => s.date === r.date).map((s) => ({ source: s.source, steps: s.steps })),
    }));
}

/**
 * This week's steps of the active members: top 50 and the viewer's own place. Each member's week
 * is their own, Monday to today in their time zone, the same days their dashboard adds up
 * (DESIGN 1: a member's day is their local day). Ties share a rank (1, 1, 3). Members without a
 * subscription or accepted rules take no part; for such a viewer `me` is null.
 */
export async function leaderboard(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  // Everyone's week may be a second stale (the replica); the viewer's own, just synced, is the primary's.
  const top = await leaderboardRepo.leaderboardTop(ctx.staleOkDb, now, LEADERBOARD_SIZE);
  const eligible = hasActiveSubscription(user) && user.rulesAcceptedAt !== null;
  const position = eligible ? await leaderboardRepo.leaderboardPosition(ctx.db, user.id, now) : null;
  return {
    entries: top.map((r) => ({
      rank: r.rank,
      userId: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profileImageUrl: r.profile_image_url,
      steps: r.steps,
    })),
    me: position ? { rank: position.ahead + 1, steps: position.steps } : null,
  };
}

export { localDate } from "./local-date";
/** Steps from a member's wearable, through the same accounting (issue 33). */
export {
  type ImportedDayTotal,
  type ImportedInterval,
  importSteps,
  quarterHourStart,
} from "./step-imports";
/*
 * Also for other features: lockMemberSteps holds the member's step-sync lock until the caller's
 * transaction ends, so no batch of theirs is stored meanwhile (a competition join sums their steps
 * in its window under it). A transaction that locks several members must lock them in the order of
 * their ids, as syncs that go together do; the points job reads the days changed since last paid
 * (pendingPointDays), a member's days (stepsByDate), and marks days paid (clearPointsPending).
 */
export { clearPointsPending, lockMemberSteps, pendingPointDays, stepsByDate } from "./steps.repo";
