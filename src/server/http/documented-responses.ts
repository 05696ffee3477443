import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import { errorSchema } from "../../core/schemas/common";
import type { Access } from "./access";

/*
 * Every status a route can answer is in its OpenAPI entry (issue 32 item 11). A route declares
 * the answers of its own rules (`errors(409, 422)` in its `schema.response`); the answers that
 * come from how it is declared are added here, in one place, for every route:
 * - any route: 400 (a malformed URL, a NUL in it) and 500 (an internal error);
 * - a method with a body: 400 (not JSON), 403 (a cross-site Origin), 413 (too large), 415 (not JSON);
 * - `member`: 401 (no session, or it ended); `admin`: 401 and 403 (not an admin, or no two-factor);
 * - path parameters: 400 (malformed) and 404 (nothing by that name); a query or body: 400;
 * - a route rate limit (`config.rateLimit`): 429;
 * - an `Idempotency-Key` header (idempotency.ts): 409 (the key was used for another request).
 * Each is documented with the one error shape, `{ message, code }` (errorSchema).
 */

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What each error status means, as the document says it. */
export const STATUS_WORDS: Record<number, string> = {
  400: "Invalid request: a malformed URL, parameter, query or body (VALIDATION_ERROR, with details per field)",
  401: "Not signed in, or the session ended (UNAUTHENTICATED, SESSION_INVALID, DEVICE_CHANGED)",
  402: "The card was declined (PAYMENT_FAILED)",
  403: "Refused for this account or request (FORBIDDEN, SUBSCRIPTION_REQUIRED, TWO_FACTOR_REQUIRED, ...)",
  404: "Nothing by that name (NOT_FOUND)",
  409: "Not possible in the current state (CONFLICT, or the code the message explains)",
  410: "The competition or round has ended (COMPETITION_ENDED)",
  413: "The request body is too large (PAYLOAD_TOO_LARGE)",
  415: "The request body is not JSON (UNSUPPORTED_MEDIA_TYPE)",
  422: "Understood but refused: not enough funds, implausible steps, ... (the code and message say which)",
  429: "Too many requests: wait and try again (RATE_LIMITED)",
  500: "Internal server error (INTERNAL): details are in the server log, under the request id",
  502: "A provider (payments, gift cards, email) could not be reached or refused",
  503: "Not available: a service is not configured or not ready",
};

/** The error shape, described for `status`. */
export const documentedError = (status: number) =>
  errorSchema.describe(STATUS_WORDS[status] ?? "Error (the code and message say which)");

type RouteShape = Pick<RouteOptions, "method" | "url" | "config" | "schema">;

/** The statuses `route` can answer because of how it is declared (see above), smallest first. */
export function standardStatuses(route: RouteShape, access: Access | null): number[] {
  const statuses = new Set([400, 500]);
  const methods = [route.method].flat();
  if (methods.some((m) => BODY_METHODS.has(m))) for (const s of [400, 403, 413, 415]) statuses.add(s);
  if (access === "member" || access === "admin") statuses.add(401);
  if (access === "admin") statuses.add(403);
  if (route.url.includes(":")) statuses.add(404);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  const headers = (route.schema as { headers?: unknown } | undefined)?.headers;
  if (headers instanceof z.ZodObject && "idempotency-key" in headers.shape) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

type ContentResponse = { description?: string; content: Record<string, { schema: unknown }> };

const isContentResponse = (r: unknown): r is ContentResponse =>
  typeof r === "object" && r !== null && "content" in r && typeof (r as ContentResponse).content === "object";

const isZod = (r: unknown): r is z.ZodType => r instanceof z.ZodType;

/**
 * The statuses a route's `schema.response` lists ("4xx" and "default" cover none: every status is
 * named); a route without one lists nothing.
 */
export function documentedStatuses(schema: { response?: unknown } | undefined): Set<number> {
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  return new Set(
    Object.keys(response)
      .filter((k) => /^\d{3}$/.test(k))
      .map(Number),
  );
}

/** A route whose entry is in the OpenAPI document: it has a schema that is not hidden. */
export const isDocumented = (route: Pick<RouteOptions, "schema">) =>
  route.schema !== undefined && !(route.schema as { hide?: boolean }).hide;

/**
 * Adds the standard error answers to every documented route's `schema.response` (an onRoute hook:
 * register it before the routes). What a route declares itself is kept: an error status it
 * declares as JSON gets the status's description; one it declares by content type (an HTML page)
 * gets the JSON error shape beside it, which the hooks answer with.
 */
export function registerDocumentedResponses(
  app: FastifyInstance,
  accessOf: (route: RouteShape) => Access | null,
): void {
  app.addHook("onRoute", (route) => {
    if (!isDocumented(route)) return;
    const schema = route.schema as { response?: Record<string, unknown> };
    // A copy: a schema object shared by two routes must not collect both routes' answers.
    const response: Record<string, unknown> = { ...(schema.response ?? {}) };
    for (const status of standardStatuses(route, accessOf(route))) {
      const declared = response[status];
      if (declared === undefined) response[status] = documentedError(status);
      else if (isContentResponse(declared) && !declared.content["application/json"]) {
        response[status] = {
          ...declared,
          content: { ...declared.content, "application/json": { schema: errorSchema } },
        };
      }
    }
    for (const [key, declared] of Object.entries(response)) {
      const status = Number(key);
      // Declared by hand as the bare error shape: described like the added ones.
      if (status >= 400 && declared === errorSchema) response[key] = documentedError(status);
      else if (status >= 400 && isZod(declared) && !declared.description && STATUS_WORDS[status]) {
        response[key] = declared.describe(STATUS_WORDS[status]);
      }
    }
    route.schema = { ...schema, response };
  });
}

export type UndocumentedAnswer = { method: string; url: string; status: number };

/**
 * Reports every answer whose status its route's OpenAPI entry does not list (the API tests fail
 * on one: test-app.ts). Routes outside the document (hidden, the client's files) are not looked at.
 */
export function watchUndocumentedAnswers(
  app: FastifyInstance,
  report: (answer: UndocumentedAnswer) => void,
): void {
  app.addHook("onResponse", async (request: FastifyRequest, reply) => {
    const { routeOptions } = request;
    // Not matched to a route (an unknown path, a malformed URL): no entry to compare with.
    if (!routeOptions.url || !isDocumented(routeOptions)) return;
    if (documentedStatuses(routeOptions.schema).has(reply.statusCode)) return;
    report({ method: request.method, url: routeOptions.url, status: reply.statusCode });
  });
}
