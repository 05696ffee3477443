import { z } from "zod";

/**
 * An optional `Idempotency-Key` header: the client sends one per submission, so a retried
 * request (lost answer, second click) is carried out once. Services turn it into ledger keys.
 */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'")
    .optional(),
});
