import { desc, eq } from "drizzle-orm";
import { achievementById } from "../../../core/achievements";
import type { EmailTestResult, EmailTestType, OutboxEmail } from "../../../core/schemas/rewards";
import type { AppContext } from "../../context";
import { emails } from "../../db/schema";
import {
  achievementsUnlockedEmail,
  competitionStartingEmail,
  stepReminderEmail,
} from "../../email/reward-templates";
import { competitionWinEmail, type EmailContent, welcomeEmail } from "../../email/templates";
import { AppError } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";

const OUTBOX_LIMIT = 20;

/** Each type is the real template, filled with sample data (specification 3, email test). */
function sample(type: EmailTestType, firstName: string, appUrl: string): EmailContent {
  switch (type) {
    case "welcome":
      return welcomeEmail(firstName, appUrl);
    case "achievement": {
      const badge = achievementById("ten-thousand-club");
      return achievementsUnlockedEmail(firstName, badge ? [badge] : [], `${appUrl}/achievements`);
    }
    case "competition":
      return competitionStartingEmail(firstName, {
        name: "Weekend Step Sprint",
        startsAt: "tomorrow at 9:00",
        prizePool: "120.00",
        link: `${appUrl}/competitions`,
      });
    case "reminder":
      return stepReminderEmail(firstName, { steps: 6_500, goal: 10_000, link: appUrl });
    case "winner":
      return competitionWinEmail(firstName, {
        competition: "Weekend Step Sprint",
        position: 1,
        prize: "60.00",
        link: `${appUrl}/competitions`,
      });
  }
}

/** Sends a test email of one type to the admin's own address. */
export async function sendTest(
  ctx: AppContext,
  viewer: Viewer,
  type: EmailTestType,
): Promise<EmailTestResult> {
  const admin = requireAdmin(viewer);
  const content = sample(type, admin.firstName, ctx.config.appUrl);
  await ctx.mailer.send(admin.email, content);
  // A test is for finding out whether mail goes out: wait for the delivery and tell its outcome.
  await ctx.mailer.idle();
  const [sent] = await ctx.db
    .select({ error: emails.error })
    .from(emails)
    .where(eq(emails.toAddress, admin.email))
    .orderBy(desc(emails.id))
    .limit(1);
  if (!sent) throw new AppError(502, "EMAIL_FAILED", "Failed to send test email: it could not be stored");
  if (sent.error) throw new AppError(502, "EMAIL_FAILED", `Failed to send test email: ${sent.error}`);
  return { message: `Test ${type} email sent to ${admin.email}`, to: admin.email, subject: content.subject };
}

/** The newest messages of the outbox: recipients, subjects and delivery, never their bodies. */
export async function latest(ctx: AppContext, viewer: Viewer): Promise<OutboxEmail[]> {
  requireAdmin(viewer);
  const rows = await ctx.db.select().from(emails).orderBy(desc(emails.id)).limit(OUTBOX_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    template: r.template,
    transport: r.transport,
    sentAt: r.sentAt?.toISOString() ?? null,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
  }));
}
