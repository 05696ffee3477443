// One chat for competitions and groups (DESIGN 1, chat access): each caller decides who may read
// and write its room, then calls these. Rooms are `competition:{id}` and `group:{id}`.
import { CHAT_HISTORY_LIMIT } from "../../../core/constants";
import type { ChatMessage } from "../../../core/schemas/competitions";
import type { ChatReportBody } from "../../../core/schemas/safety";
import type { AppContext } from "../../context";
import { sharedReads } from "../../db/shared-read";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { requireAdminTwoFactor } from "../../http/access";
import { takeChatPost } from "../../http/member-limits";
import { requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { recordAdminAction } from "../audit/audit.service";
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

/** Whether a member may read a room (`competition:12`, `group:3`), as the room's own feature says. */
export type RoomReader = (ctx: AppContext, user: ViewerUser, room: string) => Promise<boolean>;

/** The members whose messages the viewer does not see: blocked by the viewer, or blocking them. */
export function hiddenAuthorsFor(ctx: AppContext, viewerId: number): Promise<number[]> {
  return safety.blockedEitherWay(ctx, viewerId);
}

export { hiddenAuthorsSql, roomVersionSql } from "./chat.repo";

/**
 * A room's newest messages as a member without blocks sees them, shared by the polls of one
 * process (every open chat polls every 3 s) while the room's version is unchanged: a post or a
 * deletion anywhere shows at once. Kept at most 5 s, so that a renamed author or a new avatar
 * shows within that.
 */
const rooms = sharedReads<string, ChatMessage[]>(5_000);

const newest = async (ctx: AppContext, room: string, hidden: number[]) =>
  (await repo.latest(ctx.db, room, CHAT_HISTORY_LIMIT, hidden)).reverse().map(view);

/**
 * The newest 100 messages of a room, oldest first (the order a chat reads); deleted ones are gone.
 * `known`: the viewer's hidden authors and the room's version, when the caller's access check has
 * read them already (hiddenAuthorsSql, roomVersionSql).
 */
export async function roomMessages(
  ctx: AppContext,
  room: string,
  viewerId: number,
  known?: { hidden: number[]; version: string },
): Promise<ChatMessage[]> {
  if (known?.hidden.length === 0) {
    return rooms.get(ctx.db, room, ctx.clock.now(), () => newest(ctx, room, []), known.version);
  }
  return newest(ctx, room, known?.hidden ?? (await hiddenAuthorsFor(ctx, viewerId)));
}

/**
 * Posts a message (already trimmed and checked by the route's schema: 1 to 1000 characters), at
 * most `CHAT_RATE_LIMIT` a minute per member, counted in the database for every process.
 */
export async function postToRoom(
  ctx: AppContext,
  room: string,
  userId: number,
  message: string,
): Promise<ChatMessage> {
  await takeChatPost(ctx, userId);
  return view(await repo.insert(ctx.db, room, userId, message, ctx.clock.now()));
}

const messageNotFound = () => notFound("Message not found");

/**
 * Reports one message to the admins' Reports queue: only a member who can read its room, never
 * one's own, once per member and message (a second report is 409).
 */
export async function reportMessage(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: ChatReportBody,
  canRead: RoomReader,
) {
  const user = requireUser(viewer);
  const message = await repo.findLive(ctx.db, id);
  if (!message) throw messageNotFound();
  if (!(await canRead(ctx, user, message.room))) throw forbidden("You cannot read this chat");
  if (message.userId === user.id) throw badRequest("You cannot report your own message");
  const reportId = await safety.fileReport(ctx, {
    reporterId: user.id,
    reportedId: message.userId,
    reason: body.reason,
    description: body.description || null,
    messageId: message.id,
  });
  if (reportId === null) throw conflict("You have already reported this message");
  return { message: "Thank you for reporting this message. Our team will review it.", id: reportId };
}

/**
 * Deletes a message for everyone: its author, or a site admin (any message, written to the audit
 * log with the reason given). The text stays in the database for the reports about it.
 */
export async function deleteMessage(ctx: AppContext, viewer: Viewer, id: number, reason?: string | null) {
  const user = requireUser(viewer);
  const message = await repo.findLive(ctx.db, id);
  if (!message) throw messageNotFound();
  const own = message.userId === user.id;
  if (!own && !user.isAdmin) throw forbidden("You can only delete your own messages");
  if (!own) requireAdminTwoFactor(ctx.config, user);
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.softDelete(tx, id, user.id, at))) throw messageNotFound();
    if (!own) {
      await recordAdminAction(tx, {
        adminId: user.id,
        action: "chat_message.delete",
        targetType: "chat_message",
        targetId: id,
        targetUserId: message.userId,
        reason,
        details: { room: message.room },
        at,
      });
    }
  });
  return { message: "Message deleted" };
}
