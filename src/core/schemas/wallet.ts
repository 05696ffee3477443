import { z } from "zod";
import { formatUsd, parseMinor } from "../money";

/**
 * A dollar amount as the client sends it (a number like 12.5), checked and turned into cents
 * without floating-point arithmetic; `min`/`max` in cents with the message the form shows.
 */
export function dollarAmount(opts: { min: number; max?: number; minMessage: string; maxMessage?: string }) {
  return z
    .number({ error: "Amount is required" })
    .refine(Number.isFinite, "Amount is required")
    .transform((value, ctx) => {
      const minor = parseMinor(value);
      if (minor === null) {
        ctx.addIssue({
          code: "custom",
          message: value < 0 ? opts.minMessage : "Amount must be in dollars and cents",
        });
        return z.NEVER;
      }
      if (minor < opts.min) {
        ctx.addIssue({ code: "custom", message: opts.minMessage });
        return z.NEVER;
      }
      if (opts.max !== undefined && minor > opts.max) {
        ctx.addIssue({
          code: "custom",
          message: opts.maxMessage ?? `Amount must be at most ${formatUsd(opts.max)}`,
        });
        return z.NEVER;
      }
      return minor;
    });
}

export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  amount: z.string(),
  currency: z.enum(["USD", "FC"]),
  description: z.string(),
  createdAt: z.string(),
});
