import { z } from "zod";
import { dbIdSchema } from "./common";

/* Notifications, Web Push and email preferences (issue 24 items 1 to 3; DESIGN 1, notifications). */

export const NOTIFICATION_KINDS = [
  "competition_won",
  "competition_finished",
  "competition_refunded",
  "refund_deleted",
  "refund_gift_card",
  "competition_starting",
  "competition_started",
  "review_held",
  "review_cleared",
  "gift_card_delivered",
  "achievement_unlocked",
  "group_joined",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the Notifications page calls each kind, in the order it lists them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  competition_won: "You won a prize",
  competition_finished: "Your final place",
  competition_refunded: "Nobody eligible: entry refunded",
  refund_deleted: "Refund: competition or group deleted",
  refund_gift_card: "Refund: gift card failed",
  competition_starting: "Competition starts in one hour",
  competition_started: "Competition has started",
  review_held: "Result under review",
  review_cleared: "Result cleared",
  gift_card_delivered: "Gift card delivered",
  achievement_unlocked: "Achievement unlocked",
  group_joined: "Someone joined your group",
};

/**
 * The kinds that also go out by email, with the default for a member who never chose. Start
 * reminders are off until asked for: an email an hour before every race is noise to most members,
 * who see the reminder in the app and by push, and mail nobody asked for is what gets a sender
 * marked as spam. Achievement emails were sent to everyone before preferences existed: on.
 */
export const EMAIL_KIND_DEFAULTS: Partial<Record<NotificationKind, boolean>> = {
  competition_starting: false,
  achievement_unlocked: true,
};

/**
 * Emails that are not notifications of a member's own kind but still are not about security or
 * money, each with its own one-click unsubscribe: a group invitation may go to anyone's address.
 */
export const EMAIL_ONLY_KINDS = ["group_invite"] as const;
export type UnsubscribeKind = NotificationKind | (typeof EMAIL_ONLY_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationListQuerySchema = z.object({
  /** The id of the last item of the previous page, as the previous answer's `nextCursor` gave it. */
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "Invalid cursor")
    .optional(),
});

export const markReadBodySchema = z
  .object({ ids: z.array(dbIdSchema()).min(1).max(200).optional() })
  // The client's empty body under Content-Type: application/json arrives as null.
  .nullish();
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

export const preferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  push: z.boolean(),
  /** null: this kind has no email. */
  email: z.boolean().nullable(),
});
export type Preference = z.infer<typeof preferenceSchema>;

export const preferencesSchema = z.object({ preferences: z.array(preferenceSchema) });

export const preferenceChangeSchema = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS),
        push: z.boolean().optional(),
        email: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(NOTIFICATION_KINDS.length),
});
export type PreferenceChange = z.infer<typeof preferenceChangeSchema>;

/** Bytes a base64url text (padding allowed) decodes to; pure, so the web bundle can share it. */
const decodedLength = (s: string) => Math.floor((s.replace(/=+$/, "").length * 3) / 4);

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((s) => decodedLength(s) === bytes, `${what} must be ${bytes} bytes`);

/** The browser's PushSubscription JSON. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point starts with the byte 4, which base64url writes as "B".
    p256dh: base64url(65, "keys.p256dh").refine(
      (s) => s.startsWith("B"),
      "keys.p256dh must be an uncompressed P-256 point",
    ),
    auth: base64url(16, "keys.auth"),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().url().max(2048) });

export const publicKeySchema = z.object({ publicKey: z.string() });
