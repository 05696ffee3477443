import { suspendedMessage } from "../core/schemas/auth";

/** Errors that services throw; the one error handler turns them into `{ message, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new AppError(400, "VALIDATION_ERROR", message, details ? { details } : {});
export const unauthenticated = (message = "Authentication required") =>
  new AppError(401, "UNAUTHENTICATED", message);
export const sessionInvalid = (message = "Session expired") =>
  new AppError(401, "SESSION_INVALID", message, { sessionInvalid: true });
export const deviceChanged = (message = "This session belongs to another device. Please sign in again.") =>
  new AppError(401, "DEVICE_CHANGED", message, { deviceChanged: true });
/**
 * A banned member's session (issue 32): signed out like any rejected session, and told why, so the
 * app shows the suspended page rather than a bare sign-in screen.
 */
export const accountSuspended = (reason: string | null) =>
  new AppError(401, "ACCOUNT_SUSPENDED", suspendedMessage(reason), { sessionInvalid: true, suspended: true });
export const subscriptionRequired = () =>
  new AppError(403, "SUBSCRIPTION_REQUIRED", "Active subscription required");
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError(403, "FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string) => new AppError(409, "CONFLICT", message);
export const paymentFailed = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(402, "PAYMENT_FAILED", message, extra);

/** The longest error message stored for an operator to read (a reconciliation run's, a finding's). */
export const STORED_ERROR_MAX = 200;

/**
 * An error as a short line fit to store and show an operator: a failed query's message is its SQL
 * and parameters (members' ids, amounts), so the database's own reason (its cause) is taken instead;
 * one line, at most STORED_ERROR_MAX characters.
 */
export function storableErrorMessage(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Error && e.message.startsWith("Failed query:"); depth++) {
    e = e.cause ?? new Error("Database query failed");
  }
  const text = (e instanceof Error ? e.message : String(e)).split("\n")[0].trim() || "Unknown error";
  return text.length > STORED_ERROR_MAX ? `${text.slice(0, STORED_ERROR_MAX - 1)}…` : text;
}
