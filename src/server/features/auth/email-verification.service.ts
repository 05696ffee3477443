import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { EMAIL_VERIFICATION_TTL_MS } from "../../../core/constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { emailVerifications, users } from "../../db/schema";
import { emailChangedNotice, verifyEmailEmail } from "../../email/templates";
import { badRequest, conflict } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { recordMemberAction } from "../audit/audit.service";
import { hashToken, newToken } from "./tokens";

/*
 * Verified email (issue 30, DESIGN 1 accounts): a single-use link, valid 24 hours, proves the member
 * reads the address. At sign-up it verifies the address given; in the profile it carries a new
 * address, which replaces the old only once its link is opened (the old one is told).
 */

export const INVALID_VERIFICATION = "This verification link is invalid, expired or already used.";

/** Sends a link that verifies `email` for the member: the sign-up address, or the one they change to. */
export async function sendVerification(
  ctx: AppContext,
  user: { id: number; firstName: string },
  email: string,
  kind: "signup" | "change",
) {
  const token = newToken();
  await ctx.db.insert(emailVerifications).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email,
    expiresAt: new Date(ctx.clock.now().getTime() + EMAIL_VERIFICATION_TTL_MS),
    createdAt: ctx.clock.now(),
  });
  const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(email, verifyEmailEmail(user.firstName, link, kind));
}

/**
 * Opens a verification link once: its address becomes the member's, verified. A new address taken
 * meanwhile by another account is refused (409) and changes nothing; the old address hears of a change.
 */
export async function verifyEmail(ctx: AppContext, token: string) {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!claimed) throw badRequest(INVALID_VERIFICATION);
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
      .for("update");
    if (!user) throw badRequest(INVALID_VERIFICATION);
    const changed = user.email.toLowerCase() !== claimed.email.toLowerCase();
    if (changed) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${claimed.email}) and ${users.id} <> ${claimed.userId}`);
      if (taken) throw conflict("That email address is now used by another account, so it can't be yours.");
      // Other links to other addresses stop working: the member has chosen this one.
      await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.userId, claimed.userId), isNull(emailVerifications.usedAt)));
    }
    await tx
      .update(users)
      .set({ email: claimed.email, emailVerifiedAt: now })
      .where(eq(users.id, claimed.userId));
    await recordMemberAction(tx, {
      memberId: claimed.userId,
      targetType: "account",
      targetId: claimed.userId,
      action: changed ? "account.email_changed" : "account.email_verified",
      details: changed ? { from: user.email, to: claimed.email } : { email: claimed.email },
      at: now,
    });
    return { changed, old: user.email, firstName: user.firstName, email: claimed.email };
  });
  if (result.changed) {
    await ctx.mailer.send(
      result.old,
      emailChangedNotice(result.firstName, result.email, {
        supportEmail: ctx.config.supportEmail,
        resetLink: `${ctx.config.appUrl}/forgot-password`,
      }),
    );
  }
  return {
    message: result.changed
      ? `Your email address is now ${result.email}.`
      : "Thank you: your email address is verified.",
  };
}

/** A new link to the address not verified yet (or to the new address waiting). */
export async function resendVerification(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  const pending = await pendingEmailOf(ctx.db, user.id, ctx.clock.now());
  if (user.emailVerifiedAt && !pending) return { message: "Your email address is already verified." };
  const to = pending ?? user.email;
  await sendVerification(ctx, user, to, pending ? "change" : "signup");
  return { message: `We sent a new link to ${to}. It works for 24 hours.` };
}

/** The newest address the member asked to change to whose link still works; null: none. */
export async function pendingEmailOf(db: Db, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(
      and(
        eq(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
        sql`lower(${emailVerifications.email}) <> lower(${users.email})`,
      ),
    )
    .orderBy(sql`${emailVerifications.createdAt} desc`)
    .limit(1);
  return row?.email ?? null;
}
