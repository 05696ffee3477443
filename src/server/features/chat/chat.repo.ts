import { and, desc, eq, isNull, notInArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMessages, users } from "../../db/schema";

const columns = {
  id: chatMessages.id,
  userId: chatMessages.userId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

/**
 * Everyone whose messages `viewerId` does not see (blocked by the viewer, or blocking them), as an
 * int[] expression: a room's access check reads it in the same statement.
 */
export const hiddenAuthorsSql = (viewerId: Placeholder | number) =>
  sql<number[]>`coalesce((select array_agg(distinct case when b.blocker_id = ${viewerId}
      then b.blocked_id else b.blocker_id end)
    from user_blocks b where b.blocker_id = ${viewerId} or b.blocked_id = ${viewerId}), '{}')`;

/**
 * A room's version for a cached copy of its messages: its last message and how many of its
 * messages are deleted (chat_messages_deleted_idx), so that a post or a deletion from any process
 * shows at the next poll.
 */
export const roomVersionSql = (room: SQL) =>
  sql<string>`(select coalesce(max(v.id), 0) from chat_messages v where v.room = ${room})
    || ':' || (select count(*) from chat_messages d where d.room = ${room} and d.deleted_at is not null)`;

/** The newest `limit` messages of a room, newest first, without deleted ones nor those of `hiddenAuthors`. */
export function latest(db: Db, room: string, limit: number, hiddenAuthors: number[]) {
  return db
    .select(columns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.room, room),
        isNull(chatMessages.deletedAt),
        hiddenAuthors.length ? notInArray(chatMessages.userId, hiddenAuthors) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

export async function insert(db: Db, room: string, userId: number, message: string, at: Date) {
  const [row] = await db
    .insert(chatMessages)
    .values({ room, userId, message, createdAt: at })
    .returning({ id: chatMessages.id });
  const [full] = await db
    .select(columns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.id, row.id));
  return full;
}

/** A message that is not deleted, with its room and author; undefined otherwise. */
export async function findLive(db: Db, id: number) {
  const [row] = await db
    .select({ id: chatMessages.id, room: chatMessages.room, userId: chatMessages.userId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)));
  return row;
}

/** Deletes a message softly (reports keep its text); false when it was deleted already. */
export async function softDelete(db: Db, id: number, by: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ deletedAt: at, deletedBy: by })
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}
