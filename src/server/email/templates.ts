import { escapeHtml } from "../http/escape-html";

export type EmailContent = {
  template: string;
  subject: string;
  text: string;
  html: string;
  /** Parts (tokens) kept out of the stored copy once the message has really been sent. */
  secrets?: string[];
  /**
   * Every email that is not about an account's security or money: its one-click unsubscribe
   * (RFC 8058), as headers and as a link in the footer.
   */
  unsubscribe?: { url: string; headers: Record<string, string> };
  /**
   * Sent to an address the app no longer keeps (a deleted account's confirmation): delivered to it,
   * but neither the stored copy nor the log names it.
   */
  forgetRecipient?: boolean;
};

/** A message's main link, as a button. */
export const emailButton = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="background:#059669;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** An email address as a mailto link (the support address, mostly). */
export const mailtoLink = (address: string) =>
  `<a href="mailto:${escapeHtml(address)}" style="color:#047857">${escapeHtml(address)}</a>`;

/** Where the shared footer goes in every message's HTML (the mailer fills it in). */
const FOOTER_SLOT = "<!--footer-->";

export function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="color:#059669;font-size:22px;margin-top:0">${escapeHtml(title)}</h1>${body}
<p style="color:#6b7280;font-size:12px;margin-top:32px">StepRace · step competitions for your phone</p>${FOOTER_SLOT}</div></body></html>`;
}

export type FooterSettings = { appUrl: string; supportEmail: string };

/** The footer of every email (issue 22): Help, Terms, Privacy and the support address. */
export function emailFooter({ appUrl, supportEmail }: FooterSettings): { text: string; html: string } {
  const links = [
    ["Help", `${appUrl}/help`],
    ["Terms", `${appUrl}/terms`],
    ["Privacy", `${appUrl}/privacy`],
  ] as const;
  const text = `--
Help: ${links[0][1]} · Terms: ${links[1][1]} · Privacy: ${links[2][1]}
Questions? Write to ${supportEmail}`;
  const a = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#047857">${escapeHtml(label)}</a>`;
  const html = `<p style="color:#6b7280;font-size:12px;margin-top:8px">${links
    .map(([label, href]) => a(href, label))
    .join(" · ")}<br>Questions? Write to ${a(`mailto:${supportEmail}`, supportEmail)}</p>`;
  return { text, html };
}

/** A message with the shared footer added: under the text, and in the layout's footer slot. */
export function withFooter(content: EmailContent, settings: FooterSettings): EmailContent {
  const base = emailFooter(settings);
  const stop = content.unsubscribe?.url;
  const footer = stop
    ? {
        text: `${base.text}\nNo more emails like this one: ${stop}`,
        html: `${base.html}<p style="color:#6b7280;font-size:12px">No more emails like this one? <a href="${escapeHtml(stop)}" style="color:#047857">Unsubscribe</a></p>`,
      }
    : base;
  const html = content.html.includes(FOOTER_SLOT)
    ? content.html.replace(FOOTER_SLOT, footer.html)
    : content.html.replace(/(<\/body>)?(<\/html>)?\s*$/, `${footer.html}$1$2`);
  return { ...content, text: `${content.text.trimEnd()}\n\n${footer.text}`, html };
}

export function welcomeEmail(firstName: string, appUrl: string): EmailContent {
  const subject = "Welcome to StepRace!";
  const text = `Hi ${firstName},

Welcome to StepRace! Your account is ready.

Next steps: subscribe for $6.99/month, accept the community rules, and start counting your steps.

Open the app: ${appUrl}

See you on the leaderboard,
The StepRace team`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>Welcome to StepRace! Your account is ready.</p>
<p>Next steps: subscribe for $6.99/month, accept the community rules, and start counting your steps.</p>
${emailButton(appUrl, "Open StepRace")}`,
  );
  return { template: "welcome", subject, text, html };
}

export function passwordResetEmail(firstName: string, link: string): EmailContent {
  const subject = "Reset your StepRace password";
  const text = `Hi ${firstName},

Someone (hopefully you) asked to reset the password of your StepRace account.
Open this link within one hour to choose a new password:

${link}

If you did not ask for this, ignore this email: your password stays as it is.`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>Someone (hopefully you) asked to reset the password of your StepRace account.
Open this link within one hour to choose a new password:</p>
${emailButton(link, "Reset password")}
<p style="word-break:break-all;color:#374151">${escapeHtml(link)}</p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  );
  const token = new URL(link).searchParams.get("token") ?? "";
  return { template: "password_reset", subject, text, html, secrets: [token] };
}

/** The link that verifies an address: the one signed up with, or a new one asked for in the profile. */
export function verifyEmailEmail(firstName: string, link: string, kind: "signup" | "change"): EmailContent {
  const subject = kind === "signup" ? "Please verify your StepRace email" : "Confirm your new StepRace email";
  const why =
    kind === "signup"
      ? "Please confirm that this is your email address, so that your gift cards and receipts reach you."
      : "You asked to use this address for your StepRace account. It replaces your old one once you confirm it.";
  const text = `Hi ${firstName},

${why}
Open this link within 24 hours:

${link}

If you did not ask for this, ignore this email: nothing changes.`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(why)} Open this link within 24 hours:</p>
${emailButton(link, "Verify email")}
<p style="word-break:break-all;color:#374151">${escapeHtml(link)}</p>
<p>If you did not ask for this, ignore this email: nothing changes.</p>`,
  );
  const token = new URL(link).searchParams.get("token") ?? "";
  return { template: "verify_email", subject, text, html, secrets: [token] };
}

/** To the old address once a new one is verified: a security email, with what to do if it was not them. */
export function emailChangedNotice(
  firstName: string,
  newEmail: string,
  links: { supportEmail: string; resetLink: string },
): EmailContent {
  const subject = "Your StepRace email address was changed";
  const text = `Hi ${firstName},

The email address of your StepRace account was changed to ${newEmail}. We will write there from now on.

If this was you, there is nothing more to do.

If it was not you, write to ${links.supportEmail} at once, and reset your password at ${links.resetLink}.`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>The email address of your StepRace account was changed to <strong>${escapeHtml(newEmail)}</strong>. We will write there from now on.</p>
<p>If this was you, there is nothing more to do.</p>
<p><strong>If it was not you</strong>, write to ${mailtoLink(links.supportEmail)} at once, and reset your password.</p>`,
  );
  return { template: "email_changed", subject, text, html };
}

/** After a password change: a security email (no unsubscribe), saying what to do if it was not them. */
export function passwordChangedEmail(
  firstName: string,
  at: string,
  links: { resetLink: string; supportEmail: string },
): EmailContent {
  const subject = "Your StepRace password was changed";
  const text = `Hi ${firstName},

The password of your StepRace account was changed on ${at}. Every other device you were signed in on has been signed out.

If this was you, there is nothing more to do.

If it was not you, reset your password now at ${links.resetLink} and write to ${links.supportEmail}: we will help you secure your account and your money.`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>The password of your StepRace account was changed on ${escapeHtml(at)}. Every other device you were signed in on has been signed out.</p>
<p>If this was you, there is nothing more to do.</p>
<p><strong>If it was not you</strong>, reset your password now and write to ${mailtoLink(links.supportEmail)}: we will help you secure your account and your money.</p>
${emailButton(links.resetLink, "Reset password")}`,
  );
  return { template: "password_changed", subject, text, html };
}

/** A sign-in from a device never seen before: a security email (no unsubscribe). */
export function newSignInEmail(
  firstName: string,
  signIn: { device: string; browser: string; at: string; sessionsLink: string; supportEmail: string },
): EmailContent {
  const subject = "New sign-in to your StepRace account";
  const what = `${signIn.browser} on ${signIn.device}`;
  const text = `Hi ${firstName},

Your StepRace account was just signed in to from a device it had not been used on before:

${what}, ${signIn.at}

If this was you, there is nothing more to do.

If it was not you, change your password now and sign that device out under Security in your profile (${signIn.sessionsLink}), then write to ${signIn.supportEmail}.`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>Your StepRace account was just signed in to from a device it had not been used on before:</p>
<p><strong>${escapeHtml(what)}</strong>, ${escapeHtml(signIn.at)}</p>
<p>If this was you, there is nothing more to do.</p>
<p><strong>If it was not you</strong>, change your password now and sign that device out under Security in your profile, then write to ${mailtoLink(signIn.supportEmail)}.</p>
${emailButton(signIn.sessionsLink, "Review your sessions")}`,
  );
  return { template: "new_sign_in", subject, text, html };
}

export function competitionWinEmail(
  firstName: string,
  win: { competition: string; position: number; prize: string; link: string },
): EmailContent {
  const place = ["1st", "2nd", "3rd"][win.position - 1] ?? `${win.position}th`;
  const subject = `You won ${win.prize} FitCoins in ${win.competition}!`;
  const text = `Hi ${firstName},

Congratulations! You finished ${place} in ${win.competition} and won ${win.prize} FitCoins.
They are in your wallet now, ready for gift cards or your next competition.

See the results: ${win.link}

Keep stepping,
The StepRace team`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>Congratulations! You finished <strong>${place}</strong> in
${escapeHtml(win.competition)} and won <strong>${escapeHtml(win.prize)} FitCoins</strong>.
They are in your wallet now, ready for gift cards or your next competition.</p>
${emailButton(win.link, "See the results")}`,
  );
  return { template: "competition_win", subject, text, html };
}

export function groupInviteEmail(inviter: string, group: string, link: string): EmailContent {
  const subject = `${inviter} invited you to ${group} on StepRace`;
  const text = `Hi,

${inviter} invited you to join the group ${group} on StepRace: walk together, compete for the
group's prize pool and chat along the way.

Join the group: ${link}

See you on the leaderboard,
The StepRace team`;
  const html = layout(
    subject,
    `<p>Hi,</p><p>${escapeHtml(inviter)} invited you to join the group <strong>${escapeHtml(group)}</strong> on StepRace:
walk together, compete for the group's prize pool and chat along the way.</p>
${emailButton(link, "Join the group")}
<p style="word-break:break-all;color:#374151">${escapeHtml(link)}</p>`,
  );
  return { template: "group_invite", subject, text, html };
}
