import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NOTIFICATION_KIND_LABELS, type UnsubscribeKind } from "../../../core/schemas/notifications";
import type { AppContext } from "../../context";
import { escapeHtml } from "../../http/escape-html";
import { textResponse } from "../../http/responses";
import * as repo from "./notifications.repo";
import { readUnsubscribeToken } from "./unsubscribe-token";

const labelOf = (kind: UnsubscribeKind) =>
  kind === "group_invite" ? "Group invitations" : NOTIFICATION_KIND_LABELS[kind];

function page(title: string, body: string, status: 200 | 400 = 200) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · StepRace</title></head>
<body style="font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:24px">
<main style="max-width:480px;margin:48px auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="color:#047857;font-size:22px;margin-top:0">${escapeHtml(title)}</h1>${body}
<p><a href="/notifications" style="color:#047857">Notification settings</a> · <a href="/" style="color:#047857">StepRace</a></p>
</main></body></html>`;
  return { status, html };
}

const query = z.object({ token: z.string().min(1).max(600) });

/**
 * One-click unsubscribe (RFC 8058): the link of every email that is not about security or money.
 * A GET (a person, or a mail scanner following links) only shows what a click would do; the POST,
 * from that page's button or from the mail provider's own button, turns the kind's email off.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The provider posts the form body `List-Unsubscribe=One-Click` (urlencoded or multipart): this
  // route alone takes form bodies (DESIGN 2.2). The token in the URL decides; the body is not read.
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }

  const invalid = () =>
    page(
      "This link does not work",
      "<p>The unsubscribe link is incomplete or was not made by StepRace.</p>",
      400,
    );

  app.get(
    "/api/email/unsubscribe",
    {
      config: { access: "public" },
      schema: {
        tags: ["notifications"],
        summary: "The unsubscribe link's confirmation page (HTML)",
        querystring: query,
        response: {
          200: textResponse("text/html", "The page asking to confirm"),
          400: textResponse("text/html", "The page saying the link does not work"),
        },
      },
    },
    async (request, reply) => {
      const found = await readUnsubscribeToken(ctx.db, request.query.token);
      const { status, html } = found
        ? page(
            "Unsubscribe",
            `<p>Stop emails of this kind: <strong>${escapeHtml(labelOf(found.kind))}</strong>?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#059669;color:#fff;border:0;padding:10px 16px;border-radius:8px;font-size:16px">Unsubscribe</button></form>`,
          )
        : invalid();
      return reply.code(status).type("text/html").header("cache-control", "no-store").send(html);
    },
  );

  app.post(
    "/api/email/unsubscribe",
    {
      config: { access: "public" },
      schema: {
        tags: ["notifications"],
        summary: "One-click unsubscribe (RFC 8058): turns that kind's email off",
        querystring: query,
        response: {
          200: textResponse("text/html", "The page saying the email is off"),
          400: textResponse("text/html", "The page saying the link does not work"),
        },
      },
    },
    async (request, reply) => {
      const found = await readUnsubscribeToken(ctx.db, request.query.token);
      if (!found) {
        const { status, html } = invalid();
        return reply.code(status).type("text/html").send(html);
      }
      const now = ctx.clock.now();
      if ("userId" in found.subject) {
        await repo.setPreference(ctx.db, found.subject.userId, found.kind, { email: false });
      } else {
        await repo.suppress(ctx.db, found.subject.email, found.kind, now);
      }
      ctx.log.info({ kind: found.kind, member: "userId" in found.subject }, "email unsubscribed");
      const { html } = page(
        "You are unsubscribed",
        `<p>No more emails of this kind: <strong>${escapeHtml(labelOf(found.kind))}</strong>. You can turn them on again in your notification settings.</p>`,
      );
      return reply.type("text/html").header("cache-control", "no-store").send(html);
    },
  );
};
