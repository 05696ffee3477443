import { z } from "zod";
import { dbIdParamSchema } from "./common";

/** An admin action as the audit log answers it (DESIGN 1, admin user management). */
export const auditEntrySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  admin: z.object({ id: z.number(), username: z.string() }),
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
  targetType: z.string().trim().min(1).max(40).optional(),
  targetId: dbIdParamSchema.optional(),
  action: z.string().trim().min(1).max(60).optional(),
  from: instant.optional(),
  to: instant.optional(),
  cursor: dbIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
