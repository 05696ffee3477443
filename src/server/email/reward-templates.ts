import { SANDBOX_GIFT_CARD_NOTE } from "../../core/constants";
import { formatCount } from "../../core/numbers";
import { escapeHtml } from "../http/escape-html";
import { type EmailContent, emailButton, layout } from "./templates";

/* Emails of rewards and engagement: gift cards, achievements, competitions, reminders. */

export function giftCardEmail(card: {
  brand: string;
  value: string;
  /** The card's code, its link at the provider (Tremendous), or both. */
  code: string | null;
  cardLink: string | null;
  link: string;
  /** Issued by the built-in sandbox provider: the email says its code buys nothing. */
  sandbox?: boolean;
}): EmailContent {
  const subject = `Your $${card.value} ${card.brand} gift card`;
  const sandboxNote = card.sandbox ? `\n\n${SANDBOX_GIFT_CARD_NOTE}` : "";
  const what = [card.code, card.cardLink && `Open your card: ${card.cardLink}`].filter(Boolean).join("\n\n");
  const text = `Hi,

Here is your $${card.value} ${card.brand} gift card from StepRace:

${what}${sandboxNote}

Keep this ${card.code ? "code" : "link"} safe: anyone who has it can spend the card. You also find it under your
redemptions in the app: ${card.link}

Keep stepping,
The StepRace team`;
  const codeHtml = card.code
    ? `<p style="font-family:ui-monospace,monospace;font-size:20px;letter-spacing:2px;background:#ecfdf5;padding:12px;border-radius:8px;text-align:center">${escapeHtml(card.code)}</p>`
    : "";
  const html = layout(
    subject,
    `<p>Hi,</p><p>Here is your <strong>$${escapeHtml(card.value)} ${escapeHtml(card.brand)}</strong> gift card from StepRace:</p>
${codeHtml}${card.sandbox ? `<p style="background:#fef3c7;padding:10px;border-radius:8px"><strong>${escapeHtml(SANDBOX_GIFT_CARD_NOTE)}</strong></p>` : ""}${card.cardLink ? emailButton(card.cardLink, "Open my gift card") : ""}
<p>Keep this ${card.code ? "code" : "link"} safe: anyone who has it can spend the card. You also find it under your redemptions in the app.</p>
${emailButton(card.link, "See my redemptions")}`,
  );
  const secrets = [card.code, card.cardLink].filter((s): s is string => Boolean(s));
  return { template: "gift_card", subject, text, html, secrets };
}

/** A gift card that could not be issued: what was spent is back (DESIGN 1, gift-card fulfilment). */
export function giftCardRefundedEmail(card: {
  brand: string;
  value: string;
  /** What came back, in words: "50 FitCoins", "5,000 points". */
  returned: string;
  link: string;
}): EmailContent {
  const subject = `Your $${card.value} ${card.brand} gift card could not be issued`;
  const text = `Hi,

We could not issue your $${card.value} ${card.brand} gift card. Nothing was spent: your ${card.returned}
are back in your account, and you can redeem them again: ${card.link}

Sorry for the trouble,
The StepRace team`;
  const html = layout(
    subject,
    `<p>Hi,</p><p>We could not issue your <strong>$${escapeHtml(card.value)} ${escapeHtml(card.brand)}</strong> gift card. Nothing was spent: your ${escapeHtml(card.returned)} are back in your account, and you can redeem them again.</p>
${emailButton(card.link, "See my redemptions")}`,
  );
  return { template: "gift_card_refunded", subject, text, html };
}

export function achievementsUnlockedEmail(
  firstName: string,
  badges: { name: string; description: string; rarity: string }[],
  link: string,
): EmailContent {
  const [first] = badges;
  const subject =
    badges.length === 1
      ? `Badge unlocked: ${first.name}`
      : `${badges.length} badges unlocked, ${first.name} among them`;
  const lines = badges.map((b) => `- ${b.name} (${b.rarity}): ${b.description}`).join("\n");
  const text = `Hi ${firstName},

You unlocked ${badges.length === 1 ? "a new badge" : `${badges.length} new badges`}:
${lines}

See your badges: ${link}

Keep stepping,
The StepRace team`;
  const items = badges
    .map(
      (b) =>
        `<li><strong>${escapeHtml(b.name)}</strong> (${escapeHtml(b.rarity)}): ${escapeHtml(b.description)}</li>`,
    )
    .join("");
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>You unlocked ${badges.length === 1 ? "a new badge" : `${badges.length} new badges`}:</p>
<ul>${items}</ul>${emailButton(link, "See my badges")}`,
  );
  return { template: "achievement", subject, text, html };
}

export function competitionStartingEmail(
  firstName: string,
  competition: { name: string; startsAt: string; prizePool: string; link: string },
): EmailContent {
  const subject = `${competition.name} starts soon`;
  const text = `Hi ${firstName},

${competition.name} starts ${competition.startsAt}. The prize pool stands at ${competition.prizePool} FitCoins.
Keep the app open with the screen unlocked while you walk, so every step counts.

See the competition: ${competition.link}

Good luck,
The StepRace team`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p><strong>${escapeHtml(competition.name)}</strong> starts ${escapeHtml(competition.startsAt)}.
The prize pool stands at <strong>${escapeHtml(competition.prizePool)} FitCoins</strong>.</p>
<p>Keep the app open with the screen unlocked while you walk, so every step counts.</p>${emailButton(competition.link, "See the competition")}`,
  );
  return { template: "competition", subject, text, html };
}

export function stepReminderEmail(
  firstName: string,
  reminder: { steps: number; goal: number; link: string },
): EmailContent {
  const left = Math.max(0, reminder.goal - reminder.steps);
  const subject = left > 0 ? `${formatCount(left)} steps to go today` : "Goal reached: keep the streak going";
  const text = `Hi ${firstName},

You have walked ${formatCount(reminder.steps)} of your ${formatCount(reminder.goal)} steps today.
${left > 0 ? `${formatCount(left)} more and you reach your goal, with points for every 500 steps.` : "Your goal is reached: every 500 more steps still earns points."}

Open the app: ${reminder.link}

The StepRace team`;
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(firstName)},</p><p>You have walked <strong>${formatCount(reminder.steps)}</strong> of your ${formatCount(reminder.goal)} steps today.</p>
<p>${left > 0 ? `${formatCount(left)} more and you reach your goal, with points for every 500 steps.` : "Your goal is reached: every 500 more steps still earns points."}</p>${emailButton(reminder.link, "Open StepRace")}`,
  );
  return { template: "reminder", subject, text, html };
}

/** A notification sent by email too (a start reminder): its title, its text and a button to it. */
export function notificationEmail(
  firstName: string,
  n: { title: string; body: string; link: string; template: string },
): EmailContent {
  const text = `Hi ${firstName},

${n.body}

Open it in StepRace: ${n.link}

The StepRace team`;
  const html = layout(
    n.title,
    `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(n.body)}</p>${emailButton(n.link, "Open StepRace")}`,
  );
  return { template: n.template, subject: n.title, text, html };
}
