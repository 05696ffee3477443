import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import {
  chatMessageBodySchema,
  inviteCodeParamsSchema,
  participantParamsSchema,
  standingsEntrySchema,
} from "../../../core/schemas/competitions";
import {
  contributionBodySchema,
  contributionSchema,
  createGroupBodySchema,
  editGroupBodySchema,
  entryPriceBodySchema,
  groupInfoSchema,
  groupMessageSchema,
  groupPreviewSchema,
  groupRoundSchema,
  groupSchema,
  inviteEmailBodySchema,
  memberRoleBodySchema,
} from "../../../core/schemas/groups";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import { sharedAnswerSerializer, sharedFieldSerializer } from "../../http/shared-serializers";
import * as pages from "./group-pages.service";
import * as groups from "./groups.service";
import * as membership from "./membership.service";

/** Groups (specification 2 section 7; DESIGN 1, group money and who edits what). */
export const groupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["groups"];
  const withId = { params: idParamsSchema };

  app.get(
    "/api/groups",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The viewer's groups and the public ones",
        response: { 200: z.array(groupSchema), ...errors(401) },
      },
    },
    async (request) => pages.list(ctx, await request.viewer()),
  );

  app.post(
    "/api/groups",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Create a group; the creator pays its entry price (default 15 FC) and is its admin",
        body: createGroupBodySchema,
        response: { 201: groupSchema, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await groups.create(ctx, await request.viewer(), request.body)),
  );

  app.get(
    "/api/groups/info/:code",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Public information by invite code (no session needed)",
        params: inviteCodeParamsSchema,
        response: { 200: groupInfoSchema, ...errors(400, 404) },
      },
    },
    async (request) => membership.info(ctx, request.params.code),
  );

  app.get(
    "/api/groups/invite/:code",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The group an invite link names, for a signed-in member deciding to join",
        params: inviteCodeParamsSchema,
        response: { 200: groupPreviewSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => membership.preview(ctx, await request.viewer(), request.params.code),
  );

  app.post(
    "/api/groups/join/:code",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Join by invite code, paying the entry price into the pool",
        params: inviteCodeParamsSchema,
        response: { 200: groupSchema, ...errors(400, 401, 403, 404, 409, 410, 422) },
      },
    },
    async (request) => membership.join(ctx, await request.viewer(), request.params.code),
  );

  app.get(
    "/api/groups/:id",
    {
      // The page reads the session with its answer (request.viewerWith).
      config: { access: "member", sessionReadWithAnswer: true },
      schema: {
        tags,
        summary: "One group (members; anyone signed in for a public group)",
        ...withId,
        response: { 200: groupSchema, ...errors(400, 401, 403, 404) },
      },
      // Its members' list is one array per group and version, shared by every viewer's answer.
      serializerCompiler: sharedFieldSerializer("members"),
    },
    async (request) => pages.detail(ctx, request.viewerWith, request.params.id),
  );

  app.put(
    "/api/groups/:id",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Edit a group (its admins, creator or a site admin)",
        ...withId,
        body: editGroupBodySchema,
        response: { 200: groupSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => groups.edit(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.patch(
    "/api/groups/:id/entry-price",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Set the entry price (admins); those who join later pay it",
        ...withId,
        body: entryPriceBodySchema,
        response: { 200: messageSchema.extend({ entryPrice: z.string() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      groups.setEntryPrice(ctx, await request.viewer(), request.params.id, request.body.entryPrice),
  );

  app.delete(
    "/api/groups/:id",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary:
          "Delete a group, refunding everyone what they paid in (admins); 409 while its round is under way",
        ...withId,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => groups.remove(ctx, await request.viewer(), request.params.id),
  );

  app.delete(
    "/api/groups/:id/leave",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Leave; what you paid in is refunded until the group's competition starts",
        ...withId,
        response: { 200: messageSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => membership.leave(ctx, await request.viewer(), request.params.id),
  );

  app.put(
    "/api/groups/:id/members/:userId/role",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Make a member an admin, or an admin a member (admins)",
        params: participantParamsSchema,
        body: memberRoleBodySchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      groups.setRole(
        ctx,
        await request.viewer(),
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
  );

  app.get(
    "/api/groups/:id/leaderboard",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The group competition's standings",
        ...withId,
        response: { 200: z.array(standingsEntrySchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => membership.leaderboard(ctx, await request.viewer(), request.params.id),
  );

  app.get(
    "/api/groups/:id/rounds",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The group's past rounds, newest first, with their winners",
        ...withId,
        response: { 200: z.array(groupRoundSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => membership.rounds(ctx, await request.viewer(), request.params.id),
  );

  app.get(
    "/api/groups/:id/contributions",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The latest 5 contributions to the pool",
        ...withId,
        response: { 200: z.array(contributionSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => membership.contributions(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/groups/:id/contribute",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Contribute 1 to 500 FitCoins to the pool (members)",
        ...withId,
        body: contributionBodySchema,
        response: { 200: messageSchema.extend({ amount: z.string() }), ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => membership.contribute(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.post(
    "/api/groups/:id/invite",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "A new invite code (admins); the old link stops working",
        ...withId,
        response: { 200: z.object({ inviteCode: z.string() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => groups.newInvite(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/groups/:id/invite-email",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Email the invite link (members)",
        ...withId,
        body: inviteEmailBodySchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      membership.inviteByEmail(ctx, await request.viewer(), request.params.id, request.body.email),
  );

  app.get(
    "/api/groups/:id/messages",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The newest 100 chat messages, oldest first (members)",
        ...withId,
        response: { 200: z.array(groupMessageSchema), ...errors(400, 401, 403, 404) },
      },
      serializerCompiler: sharedAnswerSerializer,
    },
    async (request) => membership.messages(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/groups/:id/messages",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Post to the group chat (members)",
        ...withId,
        body: chatMessageBodySchema,
        response: { 201: groupMessageSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await membership.postMessage(ctx, await request.viewer(), request.params.id, request.body.message),
        ),
  );
};
