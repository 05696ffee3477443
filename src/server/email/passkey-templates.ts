import { escapeHtml } from "../http/escape-html";
import { type EmailContent, layout, mailtoLink } from "./templates";

/*
 * Security emails of passkeys (issue 30 item 5): a passkey added to or removed from an account is
 * told to its member, as a changed password is, with what to do if it was not them. No unsubscribe.
 */
export function passkeyChangedEmail(
  firstName: string,
  change: {
    kind: "added" | "removed";
    name: string;
    at: string;
    profileLink: string;
    resetLink: string;
    supportEmail: string;
  },
): EmailContent {
  const added = change.kind === "added";
  const subject = added
    ? "A passkey was added to your StepRace account"
    : "A passkey was removed from your StepRace account";
  const what = added
    ? `The passkey "${change.name}" was added to your StepRace account on ${change.at}. It can sign in to your account without your password.`
    : `The passkey "${change.name}" was removed from your StepRace account on ${change.at}. It can no longer sign in to your account.`;
  const ifNot = added
    ? `remove it under Security in your profile (${change.profileLink}), reset your password at ${change.resetLink}, and write to ${change.supportEmail}.`
    : `reset your password at ${change.resetLink} and write to ${change.supportEmail}: we will help you secure your account and your money.`;
  const text = `Hi ${firstName},

${what}

If this was you, there is nothing more to do.

If it was not you, ${ifNot}`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(what)}</p>
<p>If this was you, there is nothing more to do.</p>
<p><strong>If it was not you</strong>, ${
      added
        ? `remove it under Security in <a href="${escapeHtml(change.profileLink)}" style="color:#047857">your profile</a>, `
        : ""
    }<a href="${escapeHtml(change.resetLink)}" style="color:#047857">reset your password</a> and write to ${mailtoLink(change.supportEmail)}.</p>`,
  );
  return { template: added ? "passkey_added" : "passkey_removed", subject, text, html };
}
