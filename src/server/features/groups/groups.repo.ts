import { and, asc, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, preparedOnce, queryRows, type Tx } from "../../db/client";
import { competitions, groupContributions, groupMembers, groups, users } from "../../db/schema";
import { type SessionRow, selectWithSession, sessionIs } from "../../http/viewer";

export const groupKey = (groupId: number) => `group:${groupId}`;

export type GroupRow = typeof groups.$inferSelect;

/** A group with what its cards show: the viewer's role, the pool, the competition's window. */
export type GroupListRow = GroupRow & {
  role: "admin" | "member" | null;
  pool: number;
  startDate: Date | null;
  endDate: Date | null;
  entryDeadlineHours: number | null;
  settlement: string | null;
};

const listColumns = {
  group: groups,
  role: groupMembers.role,
  pool: sql<string>`coalesce((select a.balance from ledger_accounts a
    where a.owner_key = 'group:' || ${groups.id} and a.currency = 'FC'), 0)::text`,
  startDate: competitions.startDate,
  endDate: competitions.endDate,
  entryDeadlineHours: competitions.entryDeadlineHours,
  settlement: competitions.settlement,
};

type Selected = {
  group: GroupRow;
  role: string | null;
  pool: string;
  startDate: Date | null;
  endDate: Date | null;
  entryDeadlineHours: number | null;
  settlement: string | null;
};

const flatten = (r: Selected): GroupListRow => ({
  ...r.group,
  role: r.role as GroupListRow["role"],
  pool: Number(r.pool),
  startDate: r.startDate,
  endDate: r.endDate,
  entryDeadlineHours: r.entryDeadlineHours,
  settlement: r.settlement,
});

function selectGroups(db: Db, viewerId: number | Placeholder) {
  return db
    .select(listColumns)
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, viewerId)))
    .leftJoin(competitions, eq(competitions.id, groups.competitionId));
}

/** The viewer's groups and the public ones, the viewer's first, newest first. */
export async function listForViewer(db: Db, viewerId: number): Promise<GroupListRow[]> {
  const rows = await selectGroups(db, viewerId)
    .where(
      and(isNull(groups.deletedAt), sql`(${groupMembers.userId} is not null or not ${groups.isPrivate})`),
    )
    .orderBy(sql`${groupMembers.userId} is null`, desc(groups.createdAt), desc(groups.id))
    .limit(200);
  return rows.map(flatten);
}

/** One group with the viewer's role: every group page and its polls ask it (prepared once). */
const oneForViewerQuery = preparedOnce((db, name) =>
  selectGroups(db, sql.placeholder("viewerId"))
    .where(and(eq(groups.id, sql.placeholder("id")), isNull(groups.deletedAt)))
    .prepare(name("group_for_viewer")),
);

export async function oneForViewer(db: Db, viewerId: number, id: number): Promise<GroupListRow | undefined> {
  const [row] = (await oneForViewerQuery(db).execute({ viewerId, id })) as Selected[];
  return row ? flatten(row) : undefined;
}

/** A member as the group page lists them. */
export type MemberView = Pick<MemberRow, "userId" | "firstName" | "lastName" | "profileImageUrl" | "role">;

/**
 * The group page's one statement: the group with the viewer's role (as `oneForViewer`, with its
 * members' version) and its round's top 5 (`top`, from the competitions feature) as a JSON column,
 * read together in one round trip; the members list is read apart (`membersOf`) and kept while the
 * version is the same. `forSession` reads it with the session the request presents (its user and
 * subscription, for the viewer's checks: `selectWithSession`): no row, no such session.
 * `forViewer` reads it for a viewer already known (a page answered after a change). `row`
 * undefined: no such group.
 */
export function detailQuery<Top>(top: (competitionId: SQL) => SQL<Top>) {
  const page = { ...listColumns, top: top(sql`${groups.competitionId}`) };
  const theGroup = and(eq(groups.id, sql.placeholder("id")), isNull(groups.deletedAt));
  const bySession = preparedOnce((db, name) =>
    selectWithSession(db, page)
      .leftJoin(groups, theGroup)
      .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, users.id)))
      .leftJoin(competitions, eq(competitions.id, groups.competitionId))
      .where(sessionIs)
      .limit(1)
      .prepare(name("group_page_for_session")),
  );
  const byViewer = preparedOnce((db, name) =>
    db
      .select(page)
      .from(groups)
      .leftJoin(
        groupMembers,
        and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, sql.placeholder("viewerId"))),
      )
      .leftJoin(competitions, eq(competitions.id, groups.competitionId))
      .where(theGroup)
      .prepare(name("group_page_for_viewer")),
  );
  type Page = Selected & { top: Top };
  const withRow = <T extends Page>(found: T) => ({
    ...found,
    row: found.group ? flatten(found) : undefined,
  });
  return {
    async forSession(db: Db, tokenHash: string, id: number) {
      const [found] = await bySession(db).execute({ tokenHash, id });
      return found ? withRow(found as unknown as Page & SessionRow) : undefined;
    },
    async forViewer(db: Db, viewerId: number, id: number) {
      const [found] = await byViewer(db).execute({ viewerId, id });
      return found ? withRow(found as unknown as Page) : undefined;
    },
  };
}

/**
 * The chat poll's one look-up: whether the group exists, the viewer's role in it, and from the
 * chat feature the authors whose messages the viewer does not see and the room's version.
 */
export function chatAccessQuery(chat: {
  hidden: (viewerId: Placeholder) => SQL<number[]>;
  version: (room: SQL) => SQL<string>;
}) {
  return preparedOnce((db, name) =>
    db
      .select({
        role: groupMembers.role,
        hidden: chat.hidden(sql.placeholder("viewerId")),
        version: chat.version(sql`'group:' || ${groups.id}`),
      })
      .from(groups)
      .leftJoin(
        groupMembers,
        and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, sql.placeholder("viewerId"))),
      )
      .where(and(eq(groups.id, sql.placeholder("id")), isNull(groups.deletedAt)))
      .prepare(name("group_chat_access")),
  );
}

export async function findByInvite(db: Db, code: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.inviteCode, code), isNull(groups.deletedAt)));
  return row;
}

/** The group's row, locked for the rest of the transaction (joins, leaves, money, edits). */
export async function lockGroup(tx: Tx, id: number): Promise<GroupRow | undefined> {
  const [row] = await tx
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), isNull(groups.deletedAt)))
    .for("update");
  return row;
}

export type MemberRow = {
  groupId: number;
  userId: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  role: "admin" | "member";
  joinedAt: Date;
};

/** Members of these groups, admins first, then by joining order. */
export async function membersOf(db: Db, groupIds: number[]): Promise<MemberRow[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: groupMembers.role,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(inArray(groupMembers.groupId, groupIds))
    .orderBy(
      asc(groupMembers.groupId),
      sql`${groupMembers.role} <> 'admin'`,
      asc(groupMembers.joinedAt),
      asc(groupMembers.userId),
    );
  return rows as MemberRow[];
}

export async function membership(db: Db, groupId: number, userId: number) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

export async function adminCount(tx: Tx, groupId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from group_members where group_id = ${groupId} and role = 'admin'`,
  );
  return row?.n ?? 0;
}

/** The live groups the member is in, in id order (the order their rows are locked in). */
export async function groupIdsOf(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: groups.id })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), isNull(groups.deletedAt)))
    .orderBy(groups.id);
  return rows.map((r) => r.id);
}

/** Makes the longest-standing member other than `leaving` an admin (the group keeps one). */
export async function promoteEldest(tx: Tx, groupId: number, leaving: number) {
  await tx.execute(sql`update group_members set role = 'admin'
    where group_id = ${groupId} and user_id = (
      select user_id from group_members where group_id = ${groupId} and user_id <> ${leaving}
      order by joined_at, user_id limit 1)`);
}

export async function memberIds(tx: Tx, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

export async function recentContributions(db: Db, groupId: number, limit: number) {
  return db
    .select({
      id: groupContributions.id,
      amount: groupContributions.amount,
      description: groupContributions.description,
      kind: groupContributions.kind,
      createdAt: groupContributions.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(groupContributions)
    .innerJoin(users, eq(users.id, groupContributions.userId))
    .where(eq(groupContributions.groupId, groupId))
    .orderBy(desc(groupContributions.createdAt), desc(groupContributions.id))
    .limit(limit);
}

/** The FitCoins (hundredths) the group's pool holds: its ledger account's balance, 0 before any. */
export async function poolOf(db: Db, groupId: number): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select balance::text as balance from ledger_accounts
      where owner_key = ${groupKey(groupId)} and currency = 'FC'`,
  );
  return row ? Number(row.balance) : 0;
}
