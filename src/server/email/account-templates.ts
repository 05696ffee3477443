import { escapeHtml } from "../http/escape-html";
import { type EmailContent, emailButton, layout, mailtoLink } from "./templates";

/*
 * The member's own account decisions, confirmed by email (a bank's habit): a membership cancelled
 * and an account deleted. Account emails: no unsubscribe. Each says what happened, what it means
 * for their membership and money, and what to do if it was not them.
 */

/** Cancel Subscription: it stays active until the end of the period paid, then ends, never charged again. */
export function membershipCancelledEmail(
  firstName: string,
  cancelled: { at: string; activeUntil: string; profileLink: string; supportEmail: string },
): EmailContent {
  const subject = "Your StepRace membership will not renew";
  const done = `You cancelled your StepRace membership on ${cancelled.at}. It stays active until ${cancelled.activeUntil}, and you will not be charged again.`;
  const undo =
    "Changed your mind? Reactivate it under Subscription in your profile before then, and it renews as before.";
  const notYou = `If it was not you, write to ${cancelled.supportEmail}.`;
  const text = `Hi ${firstName},

${done}

${undo} ${cancelled.profileLink}

${notYou}`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(done)}</p>
<p>${escapeHtml(undo)}</p>
${emailButton(cancelled.profileLink, "Open your profile")}
<p><strong>If it was not you</strong>, write to ${mailtoLink(cancelled.supportEmail)}.</p>`,
  );
  return { template: "membership_cancelled", subject, text, html };
}

/**
 * Delete Account: sent to the address the account had. It names nobody (the account's name is
 * gone), and the outbox and the log keep neither its address nor a name (`forgetRecipient`).
 */
export function accountDeletedEmail(deleted: { at: string; supportEmail: string }): EmailContent {
  const subject = "Your StepRace account was deleted";
  const lines = [
    `Your StepRace account was deleted on ${deleted.at}, as you asked. You were signed out on every device, and your name, email address and picture were removed.`,
    "You left your competitions and groups, your membership will not renew, and the balances the account held are gone with it. Its transaction history is kept in our ledger records.",
  ];
  const notYou = `If it was not you, write to ${deleted.supportEmail} at once.`;
  const text = `Hello,

${lines.join("\n\n")}

${notYou}`;
  const html = layout(
    subject,
    `<p>Hello,</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><strong>If it was not you</strong>, write to ${mailtoLink(deleted.supportEmail)} at once.</p>`,
  );
  return { template: "account_deleted", subject, text, html, forgetRecipient: true };
}
