import { z } from "zod";

/** The one error shape every API answer uses: every error has its code (DESIGN 2.1). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  sessionInvalid: z.boolean().optional(),
  deviceChanged: z.boolean().optional(),
  /** The session's member is banned (401 ACCOUNT_SUSPENDED): the app shows the suspended page. */
  suspended: z.boolean().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const okSchema = z.object({ message: z.string() });

/** The largest value of a PostgreSQL `integer` (int4) column: every serial id of the schema. */
export const DB_ID_MAX = 2_147_483_647;

/**
 * A database id, the one schema every id in a path, query string or body goes through: a whole
 * number from 1 to 2,147,483,647 (int4). A larger one would reach PostgreSQL and fail there as
 * a 500; here it is a 400 VALIDATION_ERROR. `message` replaces the default for a form's field.
 * (No route takes an id of a bigint column; one that does gets its own bound.)
 */
export function dbIdSchema(message?: string) {
  return z
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(1, message)
    .max(DB_ID_MAX, message);
}

/** The same id read from the text of a path or query string. */
export const dbIdParamSchema = z.coerce.number().int().min(1).max(DB_ID_MAX);

/** `/:id` paths. */
export const idParamsSchema = z.object({ id: dbIdParamSchema });
