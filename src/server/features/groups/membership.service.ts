import { and, eq } from "drizzle-orm";
import { GROUP_RECENT_CONTRIBUTIONS, INVITE_PAGE_MEMBERS } from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import { entriesOpen, entryDeadline } from "../../../core/rules/entry-cutoff";
import { inviteRoundStatus, roundUnderWay } from "../../../core/rules/group-round";
import type { ChatMessage, StandingsEntry } from "../../../core/schemas/competitions";
import type {
  Contribution,
  GroupInfo,
  GroupMessage,
  GroupPreview,
  GroupRound,
} from "../../../core/schemas/groups";
import { ROUND_ENDED_MESSAGE } from "../../../core/schemas/groups";
import type { AppContext } from "../../context";
import type { Db, Tx } from "../../db/client";
import { groupContributions, groupMembers, groups } from "../../db/schema";
import { groupInviteEmail } from "../../email/templates";
import { AppError, conflict, forbidden, notFound } from "../../errors";
import { takeInviteEmail } from "../../http/member-limits";
import { requireActiveSubscription, requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { poolAccount, userAccount } from "../../ledger/accounts";
import { refundPaidIn } from "../../ledger/pools";
import { transfer } from "../../ledger/transfer";
import { hiddenAuthorsSql, postToRoom, roomMessages, roomVersionSql } from "../chat/chat.service";
import * as contests from "../competitions/group-competitions.service";
import { isSuppressed, notify, unsubscribeHeaders } from "../notifications/notifications.service";
import { detail, groupNotFound, visibleGroup } from "./group-pages.service";
import * as repo from "./groups.repo";
import { deleteLocked, insufficientFitcoins, memberCountChange, payEntryPrice } from "./groups.service";

const GROUP_LEADERBOARD_LIMIT = 100;
const invalidInvite = () => notFound("Invalid invite code");

/** Members only (DESIGN 1, chat access and money); 404 for no group, 403 for a non-member. */
async function requireMember(ctx: AppContext, user: ViewerUser, id: number) {
  const row = await repo.oneForViewer(ctx.db, user.id, id);
  if (!row) throw groupNotFound();
  if (row.role === null) throw forbidden("Only the group's members can do this");
  return row;
}

/** Whether the member may read the group's chat: its members. */
export async function canReadChat(ctx: AppContext, user: ViewerUser, id: number): Promise<boolean> {
  const row = await repo.oneForViewer(ctx.db, user.id, id);
  return row !== undefined && row.role !== null;
}

/**
 * The group's round that is still to be paid: its latest competition until it is settled. Between
 * rounds (the latest one settled, the next not scheduled yet) there is none, and the invite link
 * admits members as it does before a group's first round.
 */
async function openRound(db: Db, group: repo.GroupRow) {
  const contest = group.competitionId
    ? await contests.findGroupCompetition(db, group.competitionId)
    : undefined;
  return contest && !contest.settledAt ? contest : undefined;
}

/** A round that has ended and is not paid yet (its grace period, or held for review). */
const awaitingResults = (round: { endDate: Date } | undefined, now: Date) =>
  round !== undefined && now.getTime() >= round.endDate.getTime();

/**
 * Joins a group by its invite code and pays its entry price into the pool, in one transaction
 * under the group's row lock. With a round to come or running the member is entered into it
 * (steps already walked in its window count). From a round's end until it is paid the link admits
 * nobody (410), so a new member's entry never goes to the winners of a round they could not
 * walk in; once it is paid the link works again.
 */
export async function join(ctx: AppContext, viewer: Viewer, code: string) {
  const user = requireActiveSubscription(viewer);
  const now = ctx.clock.now();
  const found = await repo.findByInvite(ctx.db, code);
  if (!found) throw invalidInvite();
  await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, found.id);
    if (!group || group.inviteCode !== code) throw invalidInvite();
    if (await repo.membership(tx, group.id, user.id))
      throw conflict("You are already a member of this group");
    const contest = await openRound(tx, group);
    if (awaitingResults(contest, now)) {
      throw new AppError(410, "COMPETITION_ENDED", ROUND_ENDED_MESSAGE);
    }
    if (contest && !entriesOpen(now, contest))
      throw conflict("Entries for this group's competition have closed");
    await tx
      .insert(groupMembers)
      .values({ groupId: group.id, userId: user.id, role: "member", joinedAt: now });
    await tx
      .update(groups)
      .set({ memberCount: memberCountChange(1) })
      .where(eq(groups.id, group.id));
    await payEntryPrice(tx, group, user.id, now);
    if (contest) await contests.addParticipant(tx, contest.id, user.id, now);
    await notifyAdminsOfJoin(tx, group, user, now);
  });
  ctx.log.info({ groupId: found.id, userId: user.id }, "group joined");
  return detail(ctx, viewer, found.id);
}

/**
 * The group's admins hear that someone joined by its invite (the link is the group's, and only
 * its admins can issue a new one), once per join: a member who leaves and comes back is news again.
 */
async function notifyAdminsOfJoin(tx: Tx, group: repo.GroupRow, joiner: ViewerUser, at: Date) {
  const admins = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.role, "admin")));
  const name = `${joiner.firstName} ${joiner.lastName}`.trim() || joiner.username;
  await notify(
    tx,
    admins
      .filter((a) => a.userId !== joiner.id)
      .map((a) => ({
        userId: a.userId,
        kind: "group_joined" as const,
        title: `${name} joined ${group.name}`,
        body: `${name} (@${joiner.username}) joined your group by its invite link.`,
        link: `/groups/${group.id}`,
        dedupeKey: `group_joined:group:${group.id}:member:${joiner.id}:at:${at.getTime()}:user:${a.userId}`,
      })),
    at,
  );
}

/**
 * Leaves a group. Until its competition starts (or without one) what the member paid in comes
 * back; after the start leaving refunds nothing. An only admin hands the role on first, and the
 * last member deletes the group instead.
 */
export async function leave(ctx: AppContext, viewer: Viewer, id: number) {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const refunded = await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, id);
    if (!group) throw groupNotFound();
    const me = await repo.membership(tx, id, user.id);
    if (!me) throw conflict("You are not a member of this group");
    if (group.memberCount <= 1) throw conflict("You are the group's only member: delete the group instead");
    if (me.role === "admin" && (await repo.adminCount(tx, id)) <= 1) {
      throw conflict("You are the only admin: make another member an admin before leaving");
    }
    return withdraw(tx, group, me, now);
  });
  return {
    message: refunded > 0 ? `Left the group: ${formatMinor(refunded)} FitCoins refunded` : "Left the group",
  };
}

/**
 * Takes a member out of a group whose row the caller has locked, and out of its round not paid yet:
 * what they paid in comes back unless the round is under way (DESIGN 1, group money). Answers the
 * hundredths refunded.
 */
async function withdraw(tx: Tx, group: repo.GroupRow, me: { userId: number; joinedAt: Date }, now: Date) {
  const locked = group.competitionId
    ? await contests.lockGroupCompetition(tx, group.competitionId)
    : undefined;
  const contest = locked && !locked.settledAt ? locked : undefined;
  const amount = roundUnderWay(contest && { startDate: contest.startDate, paid: false }, now)
    ? 0
    : await refundPaidIn(
        tx,
        { ownerKey: repo.groupKey(group.id), label: group.name },
        `refund:${repo.groupKey(group.id)}:leave:${me.joinedAt.getTime()}`,
        [me.userId],
      );
  if (contest) await contests.removeParticipant(tx, contest.id, me.userId);
  await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, me.userId)));
  await tx
    .update(groups)
    .set({ memberCount: memberCountChange(-1) })
    .where(eq(groups.id, group.id));
  return amount;
}

/**
 * A deleted account leaves every group it is in, as leaving would (DESIGN 1, walking away): what it
 * paid in back unless a round is under way, out of that round's standings, never paid. An only
 * admin's role passes to the longest-standing member; a group it was alone in is deleted (nobody
 * else walks in it), what the pool holds going back to whoever paid it. In the deletion's
 * transaction, one group at a time in id order.
 */
export async function withdrawDeletedMember(tx: Tx, userId: number, now: Date): Promise<void> {
  for (const id of await repo.groupIdsOf(tx, userId)) {
    const group = await repo.lockGroup(tx, id);
    const me = group ? await repo.membership(tx, id, userId) : undefined;
    if (!group || !me) continue;
    if (group.memberCount <= 1) {
      await deleteLocked(tx, group, now);
      continue;
    }
    if (me.role === "admin" && (await repo.adminCount(tx, id)) <= 1) await repo.promoteEldest(tx, id, userId);
    await withdraw(tx, group, me, now);
  }
}

/** Adds 1 to 500 FitCoins to the pool (members). */
export async function contribute(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: { amount: number; description: string | null },
) {
  const user = requireActiveSubscription(viewer);
  await requireMember(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, id);
    if (!group) throw groupNotFound();
    try {
      await transfer(tx, {
        from: await userAccount(tx, user.id, "FC"),
        to: await poolAccount(tx, repo.groupKey(id)),
        amount: body.amount,
        currency: "FC",
        kind: "pool_contribution",
        description: `Pool contribution: ${group.name}`,
        userId: user.id,
        reference: repo.groupKey(id),
      });
    } catch (err) {
      if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS") {
        throw await insufficientFitcoins(tx, user.id, body.amount, "contribution");
      }
      throw err;
    }
    await tx.insert(groupContributions).values({
      groupId: id,
      userId: user.id,
      amount: body.amount,
      description: body.description,
      createdAt: ctx.clock.now(),
    });
  });
  return { message: "Contribution added to group pool!", amount: formatMinor(body.amount) };
}

export async function contributions(ctx: AppContext, viewer: Viewer, id: number): Promise<Contribution[]> {
  const user = requireUser(viewer);
  await visibleGroup(ctx, user, id);
  const rows = await repo.recentContributions(ctx.db, id, GROUP_RECENT_CONTRIBUTIONS);
  return rows.map((r) => ({
    ...r,
    kind: r.kind === "entry" ? ("entry" as const) : ("contribution" as const),
    amount: formatMinor(r.amount),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The group's settled rounds with their winners (anyone who may see the group). */
export async function rounds(ctx: AppContext, viewer: Viewer, id: number): Promise<GroupRound[]> {
  const user = requireUser(viewer);
  await visibleGroup(ctx, user, id);
  return contests.pastRounds(ctx.staleOkDb, id, user.id);
}

/** The group competition's standings (top 100); empty without a schedule. */
export async function leaderboard(ctx: AppContext, viewer: Viewer, id: number): Promise<StandingsEntry[]> {
  const user = requireUser(viewer);
  const group = await visibleGroup(ctx, user, id);
  if (!group.competitionId) return [];
  return contests.standings(ctx.staleOkDb, group.competitionId, GROUP_LEADERBOARD_LIMIT);
}

const asGroupMessage = (m: Awaited<ReturnType<typeof roomMessages>>[number]): GroupMessage => ({
  id: m.id,
  userId: m.userId,
  message: m.message,
  createdAt: m.createdAt,
  userFirstName: m.firstName,
  userLastName: m.lastName,
  userProfileImage: m.profileImageUrl,
});

const chatAccess = repo.chatAccessQuery({ hidden: hiddenAuthorsSql, version: roomVersionSql });

/** A room's shared messages (chat.service) as the group chat answers them: one array per copy. */
const asGroupMessages = new WeakMap<ChatMessage[], GroupMessage[]>();

/** The chat poll (every 3 s while a chat is open): members only, in one look-up before the messages. */
export async function messages(ctx: AppContext, viewer: Viewer, id: number): Promise<GroupMessage[]> {
  const user = requireUser(viewer);
  const [access] = await chatAccess(ctx.db).execute({ viewerId: user.id, id });
  if (!access) throw groupNotFound();
  if (access.role === null) throw forbidden("Only the group's members can do this");
  const room = await roomMessages(ctx, repo.groupKey(id), user.id, access);
  let answer = asGroupMessages.get(room);
  if (!answer) {
    answer = room.map(asGroupMessage);
    asGroupMessages.set(room, answer);
  }
  return answer;
}

export async function postMessage(ctx: AppContext, viewer: Viewer, id: number, message: string) {
  // Chatting is part of competing (DESIGN 1, lapsed members).
  const user = requireActiveSubscription(viewer);
  await requireMember(ctx, user, id);
  return asGroupMessage(await postToRoom(ctx, repo.groupKey(id), user.id, message));
}

/** Emails an invite link (members). */
export async function inviteByEmail(ctx: AppContext, viewer: Viewer, id: number, email: string) {
  const user = requireUser(viewer);
  const group = await requireMember(ctx, user, id);
  await takeInviteEmail(ctx, user.id);
  const link = `${ctx.config.appUrl}/join/${encodeURIComponent(group.inviteCode)}`;
  // An address that unsubscribed from invitations gets none; the sender is told the same as
  // always, so the answer does not reveal who unsubscribed.
  if (!(await isSuppressed(ctx.db, email, "group_invite"))) {
    await ctx.mailer.send(email, {
      ...groupInviteEmail(`${user.firstName} ${user.lastName}`.trim(), group.name, link),
      unsubscribe: await unsubscribeHeaders(ctx.db, ctx.config.appUrl, { email }, "group_invite"),
    });
  }
  return { message: `Invitation sent to ${email}` };
}

/**
 * What an invite shows of the group now, signed in or not (issue 32): counts and sums, the round's
 * window and where it stands; never who the members are.
 */
function inviteState(group: repo.GroupRow, contest: RoundWindow | undefined, pool: number, now: Date) {
  return {
    memberCount: group.memberCount,
    poolBalance: formatMinor(pool),
    poolEntryPrice: group.poolEntryPrice === null ? null : formatMinor(group.poolEntryPrice),
    competitionStartDate: contest?.startDate.toISOString() ?? null,
    competitionEndDate: contest?.endDate.toISOString() ?? null,
    entryDeadlineDate: contest
      ? (entryDeadline(contest.startDate, contest.entryDeadlineHours)?.toISOString() ?? null)
      : null,
    roundStatus: inviteRoundStatus(contest, now),
    hasScheduledCompetition: contest !== undefined,
    competitionEnded: awaitingResults(contest, now),
  };
}

type RoundWindow = { startDate: Date; endDate: Date; entryDeadlineHours: number | null };

/** Public information by invite code (no session): what an invitee may see, nothing private. */
export async function info(ctx: AppContext, code: string): Promise<GroupInfo> {
  const group = await repo.findByInvite(ctx.db, code);
  if (!group) throw invalidInvite();
  const [contest, pool] = await Promise.all([openRound(ctx.db, group), repo.poolOf(ctx.db, group.id)]);
  return {
    name: group.name,
    description: group.description,
    isPrivate: group.isPrivate,
    ...inviteState(group, contest, pool, ctx.clock.now()),
  };
}

/** The signed-in preview an invite link shows before joining. */
export async function preview(ctx: AppContext, viewer: Viewer, code: string): Promise<GroupPreview> {
  const user = requireUser(viewer);
  const group = await repo.findByInvite(ctx.db, code);
  if (!group) throw invalidInvite();
  const now = ctx.clock.now();
  const [members, me, contest, pool] = await Promise.all([
    repo.membersOf(ctx.db, [group.id]),
    repo.membership(ctx.db, group.id, user.id),
    openRound(ctx.db, group),
    repo.poolOf(ctx.db, group.id),
  ]);
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    isPrivate: group.isPrivate,
    members: members.slice(0, INVITE_PAGE_MEMBERS).map((m) => ({
      userId: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      profileImageUrl: m.profileImageUrl,
      role: m.role,
    })),
    isMember: me !== undefined,
    ...inviteState(group, contest, pool, now),
    canJoin: me === undefined && (contest === undefined || entriesOpen(now, contest)),
  };
}
