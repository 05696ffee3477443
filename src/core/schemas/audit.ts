import { z } from "zod";
import { dbIdParamSchema } from "./common";

/** An admin action as the audit log answers it (DESIGN 1, admin user management). */
export const auditEntrySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  /** Who acted (`actor` "member": a member's own security change, `admin` is then that member). */
  admin: z.object({ id: z.number(), username: z.string() }),
  actor: z.enum(["admin", "member"]),
  /** Dotted, object first: "user.ban", "competition.delete", "fitcoins.grant" ... */
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  /** The member concerned, when there is one. */
  targetUser: z.object({ id: z.number(), username: z.string() }).nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

const instant = z.iso.datetime({ offset: true, message: "Must be an ISO 8601 date and time" });

/** Filters and paging of GET /api/admin/audit-log, newest first. */
export const auditQuerySchema = z.object({
  adminId: dbIdParamSchema.optional(),
  targetUserId: dbIdParamSchema.optional(),
  /** The admin and the member by username (case-insensitive, exact), as the admin screen types them. */
  adminUsername: z.string().trim().min(1).max(64).optional(),
  targetUsername: z.string().trim().min(1).max(64).optional(),
  targetType: z.string().trim().min(1).max(40).optional(),
  targetId: dbIdParamSchema.optional(),
  action: z.string().trim().min(1).max(60).optional(),
  from: instant.optional(),
  to: instant.optional(),
  cursor: dbIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * Every action the log records, in words, for the admin screen's filter and rows. Features record
 * these names (object first); an entry with a name not listed here still shows, by its name.
 */
export const AUDIT_ACTIONS = {
  "fitcoins.grant": "Granted FitCoins",
  "fitcoins.reverse": "Reversed a FitCoin grant",
  "ledger.export": "Exported the ledger's transfers",
  "deposits.reconcile": "Ran the global deposit reconciliation",
  "deposits.reconcile_member": "Ran a member's Current User Check",
  "payment_flag.review": "Reviewed a payment refund or dispute",
  "user.delete": "Deleted a member",
  "test_accounts.delete": "Deleted a test account (Delete All)",
  "user.mark_test": "Marked as a test account",
  "user.unmark_test": "Unmarked as a test account",
  "user.ban": "Banned a member",
  "user.unban": "Unbanned a member",
  "session.end": "Ended a member's sessions",
  "competition.create": "Created a competition",
  "competition.edit": "Edited a competition",
  "competition.delete": "Deleted a competition",
  "competition.clear": "Cleared a flagged participant",
  "competition.disqualify": "Disqualified a participant",
  "settlement.retry": "Retried a settlement",
  "dispute.review": "Reviewed a dispute",
  "step_flag.review": "Reviewed a step flag",
  "report.review": "Reviewed a report",
  "offer.create": "Created a gift card offer",
  "offer.edit": "Edited a gift card offer",
  "offer.activate": "Made an offer the Gift Card of the Month",
  "redemption.retry": "Retried a gift card order",
  "redemption.refund": "Refunded a gift card that was never issued",
  "offer.schedule": "Scheduled a gift card offer for its month",
  "offer.end": "Ended a gift card offer",
  "reward_card.create": "Added a points gift card",
  "reward_card.edit": "Edited a points gift card",
  "reward_card.activate": "Put a points gift card back on the list",
  "reward_card.deactivate": "Took a points gift card off the list",
  "reward_card.delete": "Deleted a points gift card nobody redeemed",
  "redemption.refund_refused": "Tried to refund a gift card: refused (issued, or the provider holds it)",
  "product.create": "Created a store product",
  "product.edit": "Edited a store product",
  "product.delete": "Deleted a store product",
  "ad.create": "Created an ad",
  "ad.edit": "Edited an ad",
  "ad.delete": "Deleted an ad",
  "ad.activate": "Activated an ad",
  "ad.deactivate": "Deactivated an ad",
  "group.edit": "Edited someone else's group",
  "group.set_entry_price": "Set a group's entry price",
  "group.delete": "Deleted someone else's group",
  "group.new_invite": "Replaced a group's invite link",
  "group.set_role": "Changed a group member's role",
  "chat_message.delete": "Deleted a chat message",
  // A member's own security changes (issue 30): the member is the actor.
  "account.password_changed": "Changed their password",
  "account.session_ended": "Signed out one of their devices",
  "account.sessions_ended": "Signed out all their other devices",
  "account.email_verified": "Verified their email address",
  "account.email_changed": "Changed their email address",
  "passkey.added": "Added a passkey (the member, to their own account)",
  "passkey.removed": "Removed a passkey (the member, from their own account)",
  "two_factor.enabled": "Turned on two-factor sign-in (the member)",
  "two_factor.disabled": "Turned off two-factor sign-in (the member)",
  "recovery_code.used": "Signed in with a recovery code (the member)",
  "recovery_codes.renewed": "Made new recovery codes (the member)",
} as const satisfies Record<string, string>;
export type AuditActionName = keyof typeof AUDIT_ACTIONS;

/** The action in words ("user.ban" → "Banned a member"); an unknown name is shown as it is. */
export function auditActionWords(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}
