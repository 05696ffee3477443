import { z } from "zod";
import { dbIdParamSchema } from "./common";
import { moneyStringSchema } from "./money";

/** GET /api/admin/redemptions: the admins' gift-card orders, newest first, paged by id. */
export const adminRedemptionQuerySchema = z.object({
  /**
   * pending: paid, the card not delivered yet (any provider state); failed: refunded; delivered:
   * the member has the card.
   */
  status: z.enum(["pending", "failed", "delivered"]).default("pending"),
  cursor: dbIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminRedemptionQuery = z.infer<typeof adminRedemptionQuerySchema>;

export const adminRedemptionSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), username: z.string() }),
  item: z.string(),
  /** The dollar face value, "50.00". */
  value: moneyStringSchema,
  currency: z.enum(["PTS", "FC"]),
  /** What it cost: points (whole), or FitCoins like 42.5. */
  cost: z.number(),
  /**
   * pending: no order known at the provider yet; issuing: a process is placing or checking it now;
   * ordered: the provider has it, not delivered yet; delivered / fulfilled; failed: refunded.
   */
  status: z.enum(["pending", "issuing", "ordered", "delivered", "fulfilled", "failed"]),
  createdAt: z.string(),
  /** When the member got the card; null until delivered. */
  deliveredAt: z.string().nullable(),
  /** The provider's order id (Tremendous), or the sandbox's reference. */
  providerOrderId: z.string().nullable(),
  /** Our external id of the order at the provider, random per redemption ("redemption-3f2a..."). */
  orderReference: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string().nullable(),
  /**
   * When the provider delivered a card for this redemption after it was refunded (an order made
   * late, issue 29): nobody was sent it; `lastError` says what an admin can do.
   */
  lateCardAt: z.string().nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;

export const adminRedemptionPageSchema = z.object({
  items: z.array(adminRedemptionSchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.number().int().nullable(),
});
export type AdminRedemptionPage = z.infer<typeof adminRedemptionPageSchema>;

export const adminRedemptionActionResultSchema = z.object({
  message: z.string(),
  redemption: adminRedemptionSchema,
});
export type AdminRedemptionActionResult = z.infer<typeof adminRedemptionActionResultSchema>;

/** POST /api/admin/redemptions/:id/refund: why, for the audit log (optional). */
export const adminRedemptionRefundBodySchema = z
  .object({ reason: z.string().trim().max(500, "At most 500 characters").optional() })
  .nullish();
export type AdminRedemptionRefundBody = z.infer<typeof adminRedemptionRefundBodySchema>;
