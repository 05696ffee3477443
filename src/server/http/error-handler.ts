import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../errors";

const codeByStatus: Record<number, string> = {
  400: "VALIDATION_ERROR",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

function humanPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replace(/\//g, ".");
  return path || context || "";
}

function isProviderError(error: unknown): boolean {
  const type = (error as { type?: unknown }).type;
  return typeof type === "string" && type.startsWith("Stripe");
}

const SECRET_PARAMS = /([?&](?:token|session_id|client_secret)=)[^&]+/g;

/** The request as logged: query-string secrets replaced by "redacted". */
export function redactedRequest(request: { method: string; url: string; id: string }) {
  return { method: request.method, url: request.url.replace(SECRET_PARAMS, "$1redacted"), reqId: request.id };
}

/** One error shape everywhere; 5xx are logged with the request id and their details hidden. */
const PUBLIC_OUTAGES = new Set(["PROVIDER_UNAVAILABLE", "EMAIL_FAILED", "WEBHOOK_NOT_CONFIGURED"]);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // An AppError of 500 or more is a bug report: logged below, never shown (it may hold internals),
    // except an outage we describe ourselves (a gift-card provider down: nothing was spent).
    if (error instanceof AppError && (error.statusCode < 500 || PUBLIC_OUTAGES.has(error.code))) {
      if (error.statusCode >= 500) request.log.error({ err: error, reqId: request.id }, error.message);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: humanPath(v.instancePath, error.validationContext),
        message: v.message ?? "Invalid value",
      }));
      const first = details[0];
      return reply.status(400).send({
        message: first ? first.message : "Invalid request",
        code: "VALIDATION_ERROR",
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, reqId: request.id }, "response did not match its schema");
      return reply.status(500).send({ message: "Internal server error", code: "INTERNAL" });
    }
    // Only Fastify's own errors (bad JSON, media type, body size, rate limit) speak for themselves;
    // any other thrown error (a provider SDK's 401, say) must not pass for the client's fault.
    const own = typeof error.code === "string" && (error.code.startsWith("FST_") || error.statusCode === 429);
    const status = own && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (isProviderError(error)) {
      request.log.error({ err: error, reqId: request.id }, "payment provider error");
      return reply.status(502).send({
        message: "The payment provider could not be reached. Please try again.",
        code: "PROVIDER_ERROR",
      });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "Request body is not valid JSON"
          : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Content-Type must be application/json"
            : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
              ? "Request body is too large"
              : error.message;
      return reply.status(status).send({ message, code: codeByStatus[status] ?? "BAD_REQUEST" });
    }
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    return reply.status(500).send({ message: "Internal server error", code: "INTERNAL" });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url} not found`, code: "NOT_FOUND" });
  });
}
