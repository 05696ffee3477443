// One chat for competitions and groups (DESIGN 1, chat access): each caller decides who may read
// and write its room, then calls these. Rooms are `competition:{id}` and `group:{id}`.
import { CHAT_HISTORY_LIMIT } from "../../../core/constants";
import type { ChatMessage } from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import * as safety from "../safety/safety.service";
import * as repo from "./chat.repo";

type Row = Awaited<ReturnType<typeof repo.latest>>[number];

const view = (r: Row): ChatMessage => ({
  id: r.id,
  userId: r.userId,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  firstName: r.firstName,
  lastName: r.lastName,
  profileImageUrl: r.profileImageUrl,
});

/** The members whose messages the viewer does not see: blocked by the viewer, or blocking them. */
export function hiddenAuthorsFor(ctx: AppContext, viewerId: number): Promise<number[]> {
  return safety.blockedEitherWay(ctx, viewerId);
}

/** The newest 100 messages of a room, oldest first (the order a chat reads). */
export async function roomMessages(ctx: AppContext, room: string, viewerId: number): Promise<ChatMessage[]> {
  const hidden = await hiddenAuthorsFor(ctx, viewerId);
  const rows = await repo.latest(ctx.db, room, CHAT_HISTORY_LIMIT, hidden);
  return rows.reverse().map(view);
}

/** Posts a message (already trimmed and checked by the route's schema: 1 to 1000 characters). */
export async function postToRoom(
  ctx: AppContext,
  room: string,
  userId: number,
  message: string,
): Promise<ChatMessage> {
  return view(await repo.insert(ctx.db, room, userId, message, ctx.clock.now()));
}
