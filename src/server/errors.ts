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
export const subscriptionRequired = () =>
  new AppError(403, "SUBSCRIPTION_REQUIRED", "Active subscription required");
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError(403, "FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string) => new AppError(409, "CONFLICT", message);
export const paymentFailed = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(402, "PAYMENT_FAILED", message, extra);
