import { z } from "zod";
import { FINGERPRINT_LENGTH, PASSWORD_MIN_LENGTH } from "../constants";
import { canonicalTimeZone } from "../time-zones";

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may contain letters, digits, dots, dashes and underscores only");

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Invalid email address"));

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(200, "Password must be at most 200 characters");

export const fingerprintSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9]{1,${FINGERPRINT_LENGTH}}$`), "Invalid device fingerprint");

/**
 * A time zone: exactly those the picker offers (TIME_ZONES), or an old name of one, stored by its
 * current name (Asia/Calcutta: Asia/Kolkata).
 */
export const timeZoneSchema = z
  .string()
  .max(64)
  .transform((tz, ctx) => {
    const zone = canonicalTimeZone(tz);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: "Unknown time zone" });
    return z.NEVER;
  });

export const registerSchema = z
  .object({
    firstName: trimmed("First name", 50),
    lastName: trimmed("Last name", 50),
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }),
    timeZone: timeZoneSchema.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
  deviceFingerprint: fingerprintSchema.optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254)
    .pipe(z.email("Invalid email address")),
});

/**
 * One rule for every password field (register, sign-in, reset, change): a password is used exactly
 * as typed, never trimmed, so what a password manager saved always signs in. The forms say so.
 */
export const PASSWORD_AS_TYPED = "Passwords are used exactly as typed: spaces and capital letters count.";

/** A new password (reset and change): the registration rules, nothing trimmed. */
const newPasswordSchema = z
  .string({ error: "Please enter a new password" })
  .min(1, "Please enter a new password")
  .pipe(passwordSchema);

export const resetPasswordSchema = z.object({
  token: z.string({ error: "Reset token is required" }).min(1, "Reset token is required").max(200),
  password: newPasswordSchema,
});

/** Change Password in the profile: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password" })
      .min(1, "Please enter your current password")
      .max(200, "Password must be at most 200 characters"),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your new password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: "Choose a new password that is different from your current one",
    path: ["newPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** One of the member's own sessions (GET /api/user/sessions): how a person recognises a device. */
export const ownSessionSchema = z.object({
  id: z.number().int(),
  /** "iPhone", "Android phone", "Windows PC", ... from the sign-in's user agent. */
  device: z.string(),
  /** "Safari", "Chrome", ... */
  browser: z.string(),
  /** When it signed in. */
  createdAt: z.string(),
  /** Its latest request, to within a day (the session's renewal is written at most daily). */
  lastSeenAt: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const inviteCodeSchema = z
  .string({ error: "Invite code is required" })
  .trim()
  .min(4, "Invalid invite code")
  .max(64, "Invalid invite code")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid invite code");

export const storeInviteSchema = z.object({
  inviteCode: inviteCodeSchema,
  type: z.enum(["group", "competition"], { error: "Type must be group or competition" }),
});

export const subscriptionStatusSchema = z.enum(["inactive", "active", "cancel_at_period_end", "expired"]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The current user as GET /api/auth/user answers it (specification document 1 section 3). */
export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  balance: z.string(),
  fitcoins: z.number(),
  subscriptionStatus: subscriptionStatusSchema,
  subscriptionPeriodEnd: z.string().nullable(),
  rulesAccepted: z.boolean(),
  isAdmin: z.boolean(),
  timeZone: z.string(),
  stepGoal: z.number().int(),
  createdAt: z.string(),
  /** The member opened the verification link sent to `email` (issue 30); until then no money leaves. */
  emailVerified: z.boolean(),
  /** A new address the member asked to change to, waiting for its link to be opened; null: none. */
  pendingEmail: z.string().nullable(),
  /** Two-factor sign-in (TOTP) is on. */
  twoFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: "Verification token is required" })
    .min(1, "Verification token is required")
    .max(200),
});

/** What a member reads when money would leave through an account whose email is not verified. */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  "Please verify your email address first: open the link we sent you. No email? Send a new link from the banner at the top of the page.";

/**
 * What a banned member reads, at sign-in and on the page they had open: the reason given, never who
 * banned them.
 */
export function suspendedMessage(reason: string | null): string {
  const why = reason?.trim().replace(/[.\s]+$/, "");
  return why
    ? `This account is suspended: ${why}. Contact support.`
    : "This account is suspended. Contact support.";
}
