import { and, desc, eq, notInArray } from "drizzle-orm";
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

/** The newest `limit` messages of a room, newest first, without those of `hiddenAuthors`. */
export function latest(db: Db, room: string, limit: number, hiddenAuthors: number[]) {
  return db
    .select(columns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.room, room),
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
