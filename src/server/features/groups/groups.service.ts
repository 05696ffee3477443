import { and, eq, sql } from "drizzle-orm";
import { GROUP_DEFAULT_ENTRY_PRICE_FC } from "../../../core/constants";
import { formatInZone } from "../../../core/dates";
import { formatMinor } from "../../../core/money";
import { deleteDuringRoundMessage, roundUnderWay } from "../../../core/rules/group-round";
import { zonedTimeToUtc } from "../../../core/rules/zoned-time";
import {
  type CreateGroupBody,
  type EditGroupBody,
  type Group,
  START_IN_PAST_MESSAGE,
} from "../../../core/schemas/groups";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { groupContributions, groupMembers, groups } from "../../db/schema";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../errors";
import { requireAdminTwoFactor } from "../../http/access";
import { requireActiveSubscription, requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { poolAccount, userAccount, userBalances } from "../../ledger/accounts";
import { refundPaidIn } from "../../ledger/pools";
import { transfer } from "../../ledger/transfer";
import { changedFields, recordAdminAction } from "../audit/audit.service";
import { newInviteCode } from "../competitions/competitions.service";
import * as contests from "../competitions/group-competitions.service";
import { queueFanout } from "../notifications/notifications.service";
import { detail, groupNotFound } from "./group-pages.service";
import * as repo from "./groups.repo";

/**
 * Group admins, the creator and site admins edit a group (DESIGN 1, who edits what). Answers
 * true when only the site admin's power let the user through: that is an admin action, recorded
 * in the audit log by the caller (`recordSiteAdminAction`).
 */
export async function requireGroupAdmin(
  ctx: AppContext,
  tx: Tx,
  user: ViewerUser,
  group: repo.GroupRow,
): Promise<boolean> {
  if (group.createdBy === user.id) return false;
  const me = await repo.membership(tx, group.id, user.id);
  if (me?.role === "admin") return false;
  if (user.isAdmin) {
    // Only the site admin's power lets them in: it needs two-factor as every admin action does.
    requireAdminTwoFactor(ctx.config, user);
    return true;
  }
  throw forbidden("Only the group's admins can do this");
}

/** A site admin's action on a group that is not theirs, in the audit log (same transaction). */
function recordSiteAdminAction(
  tx: Tx,
  user: ViewerUser,
  group: repo.GroupRow,
  action: "group.edit" | "group.set_entry_price" | "group.delete" | "group.new_invite" | "group.set_role",
  at: Date,
  details: Record<string, unknown> = {},
  targetUserId: number | null = null,
) {
  return recordAdminAction(tx, {
    adminId: user.id,
    action,
    targetType: "group",
    targetId: group.id,
    targetUserId,
    details: { group: group.name, ...details },
    at,
  });
}

/** 422 naming the amount asked for: the entry price, or the contribution the member typed. */
export const insufficientFitcoins = async (
  tx: Tx,
  userId: number,
  amount: number,
  asked: "entry price" | "contribution" = "entry price",
) => {
  const { fc } = await userBalances(tx, userId);
  return new AppError(
    422,
    "INSUFFICIENT_FUNDS",
    `Insufficient FitCoins: the ${asked} is ${formatMinor(amount)} FC and you have ${formatMinor(fc)} FC`,
  );
};

/**
 * Pays a group's entry price from the member's FitCoins into its pool (422 with nothing changed),
 * listed among the pool's contributions as their entry (the creator's too).
 */
export async function payEntryPrice(tx: Tx, group: repo.GroupRow, userId: number, at: Date) {
  if (!group.poolEntryPrice) return;
  try {
    await transfer(tx, {
      from: await userAccount(tx, userId, "FC"),
      to: await poolAccount(tx, repo.groupKey(group.id)),
      amount: group.poolEntryPrice,
      currency: "FC",
      kind: "entry_fee",
      description: `Group entry: ${group.name}`,
      userId,
      reference: repo.groupKey(group.id),
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "INSUFFICIENT_FUNDS") {
      throw await insufficientFitcoins(tx, userId, group.poolEntryPrice);
    }
    throw err;
  }
  await tx.insert(groupContributions).values({
    groupId: group.id,
    userId,
    amount: group.poolEntryPrice,
    description: null,
    kind: "entry",
    createdAt: at,
  });
}

/**
 * Creates a group: the creator is its admin and pays its entry price like any member (default
 * 15 FC; 422 with nothing created when they cannot); a scheduled competition starts at the local
 * date and time given, in the creator's time zone, and lasts the chosen number of days.
 */
export async function create(ctx: AppContext, viewer: Viewer, body: CreateGroupBody): Promise<Group> {
  const user = requireActiveSubscription(viewer);
  const now = ctx.clock.now();
  let schedule: contests.GroupSchedule | null = null;
  if (body.hasScheduledCompetition && body.competitionStartDate && body.competitionStartTime) {
    const startDate = zonedTimeToUtc(body.competitionStartDate, body.competitionStartTime, user.timeZone);
    if (startDate.getTime() <= now.getTime()) {
      throw badRequest(START_IN_PAST_MESSAGE, [
        { path: "competitionStartDate", message: START_IN_PAST_MESSAGE },
      ]);
    }
    const days = body.competitionDuration ?? 0;
    const endDate = new Date(startDate.getTime() + days * 24 * 3600 * 1000);
    schedule = { startDate, endDate, entryDeadlineHours: body.entryDeadlineHours };
  }
  const id = await ctx.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({
        name: body.name,
        description: body.description,
        isPrivate: body.isPrivate,
        poolEntryPrice: body.poolEntryPrice ?? GROUP_DEFAULT_ENTRY_PRICE_FC * 100,
        inviteCode: newInviteCode(),
        createdBy: user.id,
        memberCount: 1,
        createdAt: now,
      })
      .returning();
    await tx
      .insert(groupMembers)
      .values({ groupId: group.id, userId: user.id, role: "admin", joinedAt: now });
    await payEntryPrice(tx, group, user.id, now);
    if (schedule) {
      const competitionId = await contests.scheduleGroupCompetition(tx, group, schedule, [user.id], now);
      await tx.update(groups).set({ competitionId }).where(eq(groups.id, group.id));
    }
    return group.id;
  });
  ctx.log.info({ groupId: id, by: user.id }, "group created");
  return detail(ctx, viewer, id);
}

/**
 * Edits a group (its admins, creator or a site admin). The competition dates cannot change once it
 * has started (409); dates set on a group without one schedule it, empty dates unschedule it.
 */
export async function edit(ctx: AppContext, viewer: Viewer, id: number, body: EditGroupBody): Promise<Group> {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, id);
    if (!group) throw groupNotFound();
    const bySiteAdmin = await requireGroupAdmin(ctx, tx, user, group);
    const current = group.competitionId
      ? await contests.findGroupCompetition(tx, group.competitionId)
      : undefined;
    const live = current && !current.settledAt ? current : undefined;
    const start = body.competitionStartDate ? new Date(body.competitionStartDate) : null;
    const end = body.competitionEndDate ? new Date(body.competitionEndDate) : null;
    // Compared with the latest schedule, settled or not: a form sent back unchanged changes nothing.
    const changed =
      current === undefined
        ? start !== null
        : start?.getTime() !== current.startDate.getTime() || end?.getTime() !== current.endDate.getTime();
    if (changed && live && now.getTime() >= live.startDate.getTime()) {
      throw conflict("The competition dates cannot change once it has started");
    }
    if (changed && start && start.getTime() <= now.getTime()) {
      throw badRequest(START_IN_PAST_MESSAGE, [
        { path: "competitionStartDate", message: START_IN_PAST_MESSAGE },
      ]);
    }
    let competitionId = group.competitionId;
    if (changed && start && end) {
      const schedule = {
        startDate: start,
        endDate: end,
        // The next round keeps the group's entry cutoff, as a rescheduled one does.
        entryDeadlineHours: (live ?? current)?.entryDeadlineHours ?? null,
      };
      if (live) await contests.rescheduleGroupCompetition(tx, live.id, schedule);
      else {
        const next = { ...group, name: body.name, description: body.description };
        competitionId = await contests.scheduleGroupCompetition(
          tx,
          next,
          schedule,
          await repo.memberIds(tx, id),
          now,
        );
      }
    } else if (changed) {
      if (live) await contests.cancelGroupCompetition(tx, live.id, now);
      competitionId = null;
    }
    const values = {
      name: body.name,
      description: body.description,
      poolGoal: body.poolGoal,
      poolEntryPrice: body.poolEntryPrice,
      competitionId,
    };
    await tx.update(groups).set(values).where(eq(groups.id, id));
    if (bySiteAdmin) {
      const fc = (v: number | null) => (v === null ? null : formatMinor(v));
      const shown = (g: {
        name: string;
        description: string | null;
        poolGoal: number | null;
        poolEntryPrice: number | null;
      }) => ({
        name: g.name,
        description: g.description,
        poolGoal: fc(g.poolGoal),
        poolEntryPrice: fc(g.poolEntryPrice),
      });
      const window = (w: { startDate: Date; endDate: Date } | undefined) =>
        w ? { start: w.startDate.toISOString(), end: w.endDate.toISOString() } : null;
      const changes = changedFields(shown(group), shown(values));
      if (changed) {
        changes.schedule = {
          from: window(current),
          to: start && end ? window({ startDate: start, endDate: end }) : null,
        };
      }
      await recordSiteAdminAction(tx, user, group, "group.edit", now, { changes });
    }
  });
  return detail(ctx, viewer, id);
}

/** Sets the entry price (admins): those who join after the change pay it. */
export async function setEntryPrice(ctx: AppContext, viewer: Viewer, id: number, price: number) {
  const user = requireUser(viewer);
  await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, id);
    if (!group) throw groupNotFound();
    if (await requireGroupAdmin(ctx, tx, user, group)) {
      await recordSiteAdminAction(tx, user, group, "group.set_entry_price", ctx.clock.now(), {
        changes: changedFields(
          { entryPrice: group.poolEntryPrice === null ? null : formatMinor(group.poolEntryPrice) },
          { entryPrice: formatMinor(price) },
        ),
      });
    }
    await tx.update(groups).set({ poolEntryPrice: price }).where(eq(groups.id, id));
  });
  return { message: `Entry price set to ${formatMinor(price)} FitCoins`, entryPrice: formatMinor(price) };
}

/**
 * Deletes a group (admins): everyone gets back what the pool holds of theirs, a round still to come
 * is cancelled. From a round's start until it is paid, 409: deleting would take it back from its
 * winners.
 */
export async function remove(ctx: AppContext, viewer: Viewer, id: number) {
  const user = requireUser(viewer);
  const refunded = await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, id);
    if (!group) throw groupNotFound();
    const bySiteAdmin = await requireGroupAdmin(ctx, tx, user, group);
    const now = ctx.clock.now();
    const current = group.competitionId
      ? await contests.findGroupCompetition(tx, group.competitionId)
      : undefined;
    // A round under way belongs to those walking it: it finishes and pays first (DESIGN 1, walking away).
    if (current && roundUnderWay({ startDate: current.startDate, paid: !!current.settledAt }, now)) {
      const endsAt = formatInZone(current.endDate, user.timeZone, user.locale ?? undefined);
      throw conflict(deleteDuringRoundMessage(endsAt));
    }
    const total = await deleteLocked(tx, group, now);
    if (bySiteAdmin) {
      await recordSiteAdminAction(tx, user, group, "group.delete", now, {
        refundedFitcoins: formatMinor(total),
      });
    }
    return total;
  });
  ctx.log.info({ groupId: id, by: user.id, refunded }, "group deleted");
  return { message: "The group has been successfully deleted" };
}

/**
 * Deletes a group whose row the caller has locked: a round not paid yet is cancelled, every payer
 * gets back what the pool holds of theirs, and its members hear of it after the commit. Answers
 * the hundredths refunded.
 */
export async function deleteLocked(tx: Tx, group: repo.GroupRow, now: Date): Promise<number> {
  const id = group.id;
  // Locked before it is cancelled: a settlement that paid it meanwhile is seen, and kept.
  const current = group.competitionId
    ? await contests.lockGroupCompetition(tx, group.competitionId)
    : undefined;
  if (current && !current.settledAt) await contests.cancelGroupCompetition(tx, current.id, now);
  const total = await refundPaidIn(
    tx,
    { ownerKey: repo.groupKey(id), label: group.name },
    `refund:${repo.groupKey(id)}:deleted`,
  );
  await tx.update(groups).set({ deletedAt: now }).where(eq(groups.id, id));
  await queueFanout(
    tx,
    {
      type: "group_deleted",
      groupId: id,
      name: group.name,
      poolAccountId: await poolAccount(tx, repo.groupKey(id)),
      refundKeyPrefix: `refund:${repo.groupKey(id)}:deleted:`,
    },
    now,
  );
  return total;
}

/** A new invite code (admins); the old link stops working. */
export async function newInvite(ctx: AppContext, viewer: Viewer, id: number) {
  const user = requireUser(viewer);
  const inviteCode = newInviteCode();
  await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, id);
    if (!group) throw groupNotFound();
    if (await requireGroupAdmin(ctx, tx, user, group)) {
      await recordSiteAdminAction(tx, user, group, "group.new_invite", ctx.clock.now());
    }
    await tx.update(groups).set({ inviteCode }).where(eq(groups.id, id));
  });
  return { inviteCode };
}

/** Hands the admin role to a member or takes it back (admins); the last admin cannot step down. */
export async function setRole(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  userId: number,
  role: "admin" | "member",
) {
  const user = requireUser(viewer);
  await ctx.db.transaction(async (tx) => {
    const group = await repo.lockGroup(tx, id);
    if (!group) throw groupNotFound();
    const bySiteAdmin = await requireGroupAdmin(ctx, tx, user, group);
    const target = await repo.membership(tx, id, userId);
    if (!target) throw notFound("This member is not in the group");
    if (role === "member" && target.role === "admin" && (await repo.adminCount(tx, id)) <= 1) {
      throw conflict("A group needs at least one admin");
    }
    if (bySiteAdmin) {
      const changes = changedFields({ role: target.role }, { role });
      await recordSiteAdminAction(tx, user, group, "group.set_role", ctx.clock.now(), { changes }, userId);
    }
    await tx
      .update(groupMembers)
      .set({ role })
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)));
  });
  return { message: role === "admin" ? "Member is now an admin" : "Admin role removed" };
}

export const memberCountChange = (delta: 1 | -1) => sql`${groups.memberCount} + ${delta}`;
