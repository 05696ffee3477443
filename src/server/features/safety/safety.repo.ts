import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { chatMessages, userBlocks, userReports, users } from "../../db/schema";

export async function userByUsername(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

/**
 * A member named by id from a name the viewer saw (a chat or a standings list): only one who is
 * not deleted and shares a competition or a group with the viewer, so ids cannot be walked to
 * list every member's username and name.
 */
export async function sharingMemberById(db: Db, id: number, viewerId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        isNull(users.deletedAt),
        sql`(exists (select 1 from competition_participants a join competition_participants b
              on b.competition_id = a.competition_id
              where a.user_id = ${viewerId} and b.user_id = ${users.id})
          or exists (select 1 from group_members a join group_members b on b.group_id = a.group_id
              where a.user_id = ${viewerId} and b.user_id = ${users.id}))`,
      ),
    );
  return row ?? null;
}

export async function blocksOf(db: Db, blockerId: number) {
  return db
    .select({
      id: userBlocks.id,
      blockedId: userBlocks.blockedId,
      reason: userBlocks.reason,
      createdAt: userBlocks.createdAt,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.id));
}

/** The new block's id, or null when this member was blocked already. */
export async function insertBlock(
  db: Db,
  block: { blockerId: number; blockedId: number; reason: string | null; createdAt: Date },
): Promise<number | null> {
  const [row] = await db
    .insert(userBlocks)
    .values(block)
    .onConflictDoNothing()
    .returning({ id: userBlocks.id });
  return row?.id ?? null;
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ id: userBlocks.id });
  return rows.length > 0;
}

/** Everyone the member blocked or who blocked the member. */
export async function blockedEitherWay(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  return [...new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)))];
}

/** The new report's id, or null when the reporter reported this chat message already. */
export async function insertReport(
  db: Db,
  report: {
    reporterId: number;
    reportedId: number;
    reason: string;
    description: string | null;
    messageId?: number | null;
    createdAt: Date;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(userReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: userReports.id });
  return row?.id ?? null;
}

const reporter = alias(users, "reporter");
const reported = alias(users, "reported");

export async function openReports(db: Db) {
  return db
    .select({
      id: userReports.id,
      reason: userReports.reason,
      description: userReports.description,
      createdAt: userReports.createdAt,
      reporterId: reporter.id,
      reporterUsername: reporter.username,
      reportedId: reported.id,
      reportedUsername: reported.username,
      reportedFirstName: reported.firstName,
      reportedLastName: reported.lastName,
      aboutMember: sql<number>`(select count(*)::int from user_reports o
        where o.reported_id = ${userReports.reportedId} and o.reviewed_at is null)`,
      messageId: chatMessages.id,
      messageText: chatMessages.message,
      messageAt: chatMessages.createdAt,
      messageDeletedAt: chatMessages.deletedAt,
      room: chatMessages.room,
      // The room's name: `competition:{id}` or `group:{id}` (rooms are named by their feature).
      roomName: sql<string | null>`case split_part(${chatMessages.room}, ':', 1)
        when 'competition' then (select c.name from competitions c
          where c.id = split_part(${chatMessages.room}, ':', 2)::int)
        when 'group' then (select g.name from groups g
          where g.id = split_part(${chatMessages.room}, ':', 2)::int)
        end`,
    })
    .from(userReports)
    .innerJoin(reporter, eq(reporter.id, userReports.reporterId))
    .innerJoin(reported, eq(reported.id, userReports.reportedId))
    .leftJoin(chatMessages, eq(chatMessages.id, userReports.messageId))
    .where(isNull(userReports.reviewedAt))
    .orderBy(asc(userReports.createdAt), asc(userReports.id));
}

/**
 * Marks a report reviewed: "missing" when there is no such report, "already" when it was reviewed
 * before (reviewing twice changes nothing), else the report just reviewed.
 */
export async function markReviewed(db: Db, id: number, adminId: number, at: Date) {
  const [done] = await db
    .update(userReports)
    .set({ reviewedAt: at, reviewedBy: adminId })
    .where(and(eq(userReports.id, id), isNull(userReports.reviewedAt)))
    .returning({
      reporterId: userReports.reporterId,
      reportedId: userReports.reportedId,
      reason: userReports.reason,
    });
  if (done) return done;
  const [row] = await db.select({ id: userReports.id }).from(userReports).where(eq(userReports.id, id));
  return row === undefined ? "missing" : "already";
}

/** Whom a report is about; undefined when there is no such report. */
export async function reportedIdOf(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ reportedId: userReports.reportedId })
    .from(userReports)
    .where(eq(userReports.id, id));
  return row?.reportedId;
}
