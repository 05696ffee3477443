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

/** One error shape everywhere; 5xx are logged with the request id and their details hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
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
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
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
