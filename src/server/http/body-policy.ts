import type { FastifyInstance } from "fastify";
import { badRequest, forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Request bodies are JSON (multipart only where a route registers it): the text/plain parser is
 * removed so form and text posts get 415. An empty body under `Content-Type: application/json`
 * is accepted because the client sends that header on every request (spec 1 section 7).
 * With SameSite=Lax cookies, a cross-origin `Origin` on a state-changing request is refused.
 */
export function registerBodyPolicy(app: FastifyInstance, allowedOrigins: () => string[]): void {
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in a query.
    if (text.includes("\\u0000")) {
      const err = Object.assign(new Error("Request body contains a NUL character"), {
        statusCode: 400,
        code: "FST_ERR_CTP_NUL_CHARACTER",
      });
      return done(err, undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = Object.assign(new Error("Request body is not valid JSON"), {
        statusCode: 400,
        code: "FST_ERR_CTP_INVALID_JSON_BODY",
      });
      done(err, undefined);
    }
  });

  app.addHook("onRequest", async (request) => {
    if (request.url.includes("%00") || request.url.includes(String.fromCharCode(0))) {
      throw badRequest("Request URL contains a NUL character");
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    // "null" is what sandboxed frames and some redirects send: never our own page.
    if (origin === "null") throw forbidden("Cross-site request refused");
    const host = request.host;
    const ownOrigins = allowedOrigins();
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    if (!sameHost && !ownOrigins.includes(origin)) throw forbidden("Cross-site request refused");
  });
}
