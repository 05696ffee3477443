import { and, desc, eq, isNull, notInArray } from "drizzle-orm";
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
