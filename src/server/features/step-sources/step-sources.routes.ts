import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  connectStepSourceAnswerSchema,
  connectStepSourceBodySchema,
  connectStepSourceCallbackSchema,
  connectStepSourceResultSchema,
  stepSourcesOverviewSchema,
  stepSourceVendorParamsSchema,
  withingsNotificationSchema,
} from "../../../core/schemas/step-sources";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { stepSourceLimit } from "../../http/rate-limits";
import { errors, messageSchema } from "../../http/responses";
import * as sources from "./step-sources.service";

const tags = ["step-sources"];
const withVendor = { params: stepSourceVendorParamsSchema };

/** A member's wearables (issue 33): connect, the vendor's redirect back, disconnect, its webhooks. */
export const stepSourceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/step-sources",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary:
          "The member's step sources: which can be connected, each connection, today's steps by source",
        response: { 200: stepSourcesOverviewSchema, ...errors(401) },
      },
    },
    async (request) => sources.overview(ctx, await request.viewer()),
  );

  app.post(
    "/api/step-sources/:vendor/connect",
    {
      config: { ...stepSourceLimit(), access: "member" },
      schema: {
        tags,
        summary: "Start connecting a wearable: the vendor's consent page to send the member to",
        ...withVendor,
        body: connectStepSourceBodySchema,
        response: { 200: connectStepSourceAnswerSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) =>
      sources.startConnect(ctx, await request.viewer(), request.params.vendor, request.body?.returnTo),
  );

  app.post(
    "/api/step-sources/:vendor/callback",
    {
      config: { ...stepSourceLimit(), access: "member" },
      schema: {
        tags,
        summary: "Finish connecting: what the vendor sent the member back with (code and state, or an error)",
        description:
          "Sent by the app's /connect/{vendor} page, where the vendor redirects the member. The state must be " +
          "the one this member's connect made (single use, 10 minutes). `result`: connected, denied (the member " +
          "refused), expired (not this member's, used or too old), failed (the vendor could not be reached), " +
          "taken (the vendor's account is connected to another member); `returnTo`: the page the connect started from.",
        ...withVendor,
        body: connectStepSourceCallbackSchema,
        response: { 200: connectStepSourceResultSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) =>
      sources.finishConnect(ctx, await request.viewer(), request.params.vendor, request.body),
  );

  app.delete(
    "/api/step-sources/:vendor",
    {
      config: { ...stepSourceLimit(), access: "member" },
      schema: {
        tags,
        summary: "Disconnect a wearable: its access revoked, its tokens deleted; the steps it counted stay",
        ...withVendor,
        response: { 200: messageSchema, ...errors(401, 404, 429) },
      },
    },
    async (request) => sources.disconnect(ctx, await request.viewer(), request.params.vendor),
  );

  // Vendors' webhooks are form posts (Withings: userid, appli, ...): accepted by them alone.
  await app.register(async (plugin) => {
    const webhooks = plugin.withTypeProvider<ZodTypeProvider>();
    webhooks.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const notifyPath = "/api/step-sources/withings/notify";
    const TOKEN = /^[0-9a-f]{32}$/;
    const notifyQuery = z.object({ token: z.string().regex(TOKEN, "Not a webhook token") });
    // A token that is not this server's is refused before the body is read (a malformed one, or
    // none: the query's 400).
    const requireToken = (token: string | undefined) => {
      if (token && TOKEN.test(token) && !sources.validNotifyToken(ctx, "withings", token))
        throw new AppError(403, "FORBIDDEN", "Not a webhook this server asked for");
    };
    // Withings sends HEAD to a notification URL before it registers it.
    webhooks.head(
      notifyPath,
      {
        config: { access: "public" },
        onRequest: async (request) => requireToken((request.query as { token?: string }).token),
        schema: { tags, hide: true, querystring: notifyQuery },
      },
      async (_request, reply) => reply.code(200).send(),
    );
    webhooks.post(
      notifyPath,
      {
        config: { access: "public" },
        // The token is checked before the body is read.
        onRequest: async (request) => requireToken((request.query as { token?: string }).token),
        schema: {
          tags,
          summary:
            "Withings' webhook: a member's activity changed (answered at once; the import job reads it)",
          querystring: notifyQuery,
          body: withingsNotificationSchema,
          response: { 200: z.object({ received: z.literal(true) }), ...errors(400, 403) },
        },
      },
      async (request) => {
        // Activity (appli 16) only; an account not connected here is answered alike and changes nothing.
        if (request.body.appli === "16") {
          const known = await sources.notified(ctx, "withings", request.body.userid);
          if (!known)
            request.log.info({ userid: request.body.userid }, "withings webhook for an unknown account");
        }
        return { received: true as const };
      },
    );
  });
};
