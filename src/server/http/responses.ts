import { z } from "zod";
import { errorSchema } from "../../core/schemas/common";

/** The error answers a route may give, for its OpenAPI description. */
export function errors(
  ...statuses: (400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503)[]
) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<number, typeof errorSchema>;
}

export const messageSchema = z.object({ message: z.string() });
