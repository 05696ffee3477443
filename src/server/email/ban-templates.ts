import { escapeHtml } from "../http/escape-html";
import { type EmailContent, emailButton, layout, mailtoLink } from "./templates";

/*
 * A ban and its lifting, told to the member (issue 32): why, what happened to their membership
 * and their money, and where to write. Account emails: no unsubscribe.
 */

/** What a ban did to the membership, with its period's end already written in the member's zone. */
export type SuspendedMembership =
  | { renewal: "stopped"; activeUntil: string }
  | { renewal: "ending"; activeUntil: string }
  | { renewal: "none" };

/** What lifting the ban did to the membership the ban had stopped. */
export type RestoredMembership =
  | { renewal: "restored"; renewsOn: string }
  | { renewal: "ended"; endedOn: string }
  | { renewal: "none" };

function suspendedMembershipLine(m: SuspendedMembership): string | null {
  if (m.renewal === "stopped") {
    return `Your membership will not renew: it stays paid until ${m.activeUntil}, with no further charge. If the suspension is lifted before then, it renews again as before.`;
  }
  if (m.renewal === "ending") return `Your membership still ends on ${m.activeUntil}, as you had set it to.`;
  return null;
}

function restoredMembershipLine(m: RestoredMembership): string | null {
  if (m.renewal === "restored") return `Your membership renews again, next on ${m.renewsOn}.`;
  if (m.renewal === "ended") {
    return `Your membership ended on ${m.endedOn} while your account was suspended. You can renew it in the app.`;
  }
  return null;
}

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");

export function accountSuspendedEmail(
  firstName: string,
  ban: { reason: string; membership: SuspendedMembership; supportEmail: string },
): EmailContent {
  const subject = "Your StepRace account is suspended";
  const why = `Reason: ${ban.reason}`;
  const lines = [
    "Your StepRace account has been suspended by our team. You are signed out everywhere and cannot sign in while the suspension lasts. You are left out of leaderboards, chats and competitions, and any prize due to you waits for our review.",
    suspendedMembershipLine(ban.membership),
    "Your wallet, FitCoins and points stay yours.",
  ].filter((l): l is string => l !== null);
  const ask = `If you think this is a mistake, or want to know more, write to ${ban.supportEmail}.`;
  const text = `Hi ${firstName},

${lines[0]}

${why}

${lines.slice(1).join("\n\n")}

${ask}`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p>
<p>${escapeHtml(lines[0])}</p>
<p style="border-left:4px solid #b91c1c;padding-left:12px"><strong>Reason:</strong> ${escapeHtml(ban.reason)}</p>
${paragraphs(lines.slice(1))}
<p>If you think this is a mistake, or want to know more, write to ${mailtoLink(ban.supportEmail)}.</p>`,
  );
  return { template: "account_suspended", subject, text, html };
}

export function accountRestoredEmail(
  firstName: string,
  lifted: { membership: RestoredMembership; signInLink: string; supportEmail: string },
): EmailContent {
  const subject = "Your StepRace account is active again";
  const lines = [
    "The suspension of your StepRace account has been lifted. You can sign in again and compete as before.",
    restoredMembershipLine(lifted.membership),
  ].filter((l): l is string => l !== null);
  const text = `Hi ${firstName},

${lines.join("\n\n")}

Sign in: ${lifted.signInLink}

Questions? Write to ${lifted.supportEmail}.`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p>
${paragraphs(lines)}
${emailButton(lifted.signInLink, "Sign in")}
<p>Questions? Write to ${mailtoLink(lifted.supportEmail)}.</p>`,
  );
  return { template: "account_restored", subject, text, html };
}
