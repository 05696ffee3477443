import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  markReadBodySchema,
  notificationListQuerySchema,
  notificationPageSchema,
  preferenceChangeSchema,
  preferencesSchema,
  publicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  unreadCountSchema,
} from "../../../core/schemas/notifications";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as notifications from "./notifications.service";

/** Notifications in the app, their preferences and Web Push (issue 24; DESIGN 1, notifications). */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["notifications"];

  app.get(
    "/api/notifications",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's notifications, newest first, 20 a page (cursor: the previous nextCursor)",
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...errors(400, 401) },
      },
    },
    async (request) => notifications.list(ctx, await request.viewer(), request.query.cursor),
  );

  app.get(
    "/api/notifications/unread-count",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "How many of the member's notifications are unread (the bell polls it)",
        response: { 200: unreadCountSchema, ...errors(401) },
      },
    },
    async (request) => notifications.unreadCount(ctx, await request.viewer()),
  );

  app.post(
    "/api/notifications/read",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Mark the member's notifications with these ids read; without ids, all of them",
        body: markReadBodySchema,
        response: {
          200: z.object({ marked: z.number().int(), unreadCount: z.number().int() }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => notifications.markRead(ctx, await request.viewer(), request.body),
  );

  app.get(
    "/api/notifications/preferences",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Per kind: push on or off, and email where the kind is emailed (in the app: always)",
        response: { 200: preferencesSchema, ...errors(401) },
      },
    },
    async (request) => notifications.preferences(ctx, await request.viewer()),
  );

  app.put(
    "/api/notifications/preferences",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Change the push or email choice of some kinds",
        body: preferenceChangeSchema,
        response: { 200: preferencesSchema, ...errors(400, 401) },
      },
    },
    async (request) => notifications.setPreferences(ctx, await request.viewer(), request.body),
  );

  app.get(
    "/api/push/public-key",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: publicKeySchema, ...errors(401) },
      },
    },
    async (request) => notifications.publicKey(ctx, await request.viewer()),
  );

  app.post(
    "/api/push/subscriptions",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Turn Web Push on for this browser: its PushSubscription JSON (https, public host)",
        body: pushSubscriptionSchema,
        // 409: held by another account signed in on this browser; 429: on too many devices already.
        response: { 200: messageSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => notifications.subscribe(ctx, await request.viewer(), request.body),
  );

  app.delete(
    "/api/push/subscriptions",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Turn Web Push off for this browser (by endpoint, the member's own)",
        body: pushUnsubscribeSchema,
        response: { 200: messageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => notifications.unsubscribe(ctx, await request.viewer(), request.body.endpoint),
  );
};
