import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import { chatDeleteBodySchema, chatReportBodySchema } from "../../../core/schemas/safety";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as competitionChat from "../competitions/participation.service";
import * as groupChat from "../groups/membership.service";
import * as chat from "./chat.service";

/** Who may read a room, asked of the feature that owns it (DESIGN 1, chat access). */
const canReadRoom: chat.RoomReader = (ctx, user, room) => {
  const [kind, id] = room.split(":");
  if (kind === "competition") return competitionChat.canReadChat(ctx, user, Number(id));
  if (kind === "group") return groupChat.canReadChat(ctx, user, Number(id));
  return Promise.resolve(false);
};

/** Moderation of single chat messages, the same for competition and group chats. */
export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["chat"];

  app.post(
    "/api/chat/messages/:id/report",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary:
          "Report a chat message to the admins' Reports queue (members who can read its room; not your own)",
        params: idParamsSchema,
        body: chatReportBodySchema,
        response: {
          201: z.object({ message: z.string(), id: z.number().int() }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await chat.reportMessage(ctx, await request.viewer(), request.params.id, request.body, canReadRoom),
        ),
  );

  app.delete(
    "/api/chat/messages/:id",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Delete a chat message for everyone: its author, or a site admin (audit-logged)",
        params: idParamsSchema,
        body: chatDeleteBodySchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      chat.deleteMessage(ctx, await request.viewer(), request.params.id, request.body?.reason),
  );
};
