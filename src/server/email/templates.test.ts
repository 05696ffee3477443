import { describe, expect, it } from "vitest";
import { accountRestoredEmail, accountSuspendedEmail } from "./ban-templates";
import {
  achievementsUnlockedEmail,
  competitionStartingEmail,
  giftCardEmail,
  giftCardRefundedEmail,
  stepReminderEmail,
} from "./reward-templates";
import {
  competitionWinEmail,
  type EmailContent,
  emailFooter,
  groupInviteEmail,
  passwordResetEmail,
  welcomeEmail,
  withFooter,
} from "./templates";

const settings = { appUrl: "https://steprace.test", supportEmail: "help@steprace.test" };
const link = "https://steprace.test/x";

/** One message of every template there is. */
const every: EmailContent[] = [
  welcomeEmail("Ada", settings.appUrl),
  passwordResetEmail("Ada", "https://steprace.test/reset-password?token=abc"),
  competitionWinEmail("Ada", { competition: "Sprint", position: 1, prize: "60.00", link }),
  groupInviteEmail("Ada", "Walkers", link),
  giftCardEmail({ brand: "Amazon", value: "50.00", code: "CODE-1", cardLink: null, link }),
  giftCardEmail({ brand: "Amazon", value: "50.00", code: null, cardLink: "https://cards.example/r/1", link }),
  giftCardRefundedEmail({ brand: "Amazon", value: "50.00", returned: "50 FitCoins", link }),
  achievementsUnlockedEmail("Ada", [{ name: "First Steps", description: "Walk", rarity: "common" }], link),
  competitionStartingEmail("Ada", { name: "Sprint", startsAt: "soon", prizePool: "60.00", link }),
  stepReminderEmail("Ada", { steps: 6_500, goal: 10_000, link }),
  accountSuspendedEmail("Ada", {
    reason: "Fake steps",
    membership: { renewal: "stopped", activeUntil: "Jun 3, 2026" },
    supportEmail: settings.supportEmail,
  }),
  accountRestoredEmail("Ada", {
    membership: { renewal: "restored", renewsOn: "Jun 3, 2026" },
    signInLink: link,
    supportEmail: settings.supportEmail,
  }),
];

describe("the footer of every email", () => {
  it("links Help, Terms and Privacy and gives the support address, in the text and the HTML", () => {
    for (const content of every) {
      const mail = withFooter(content, settings);
      for (const page of ["help", "terms", "privacy"]) {
        expect(mail.text).toContain(`https://steprace.test/${page}`);
        expect(mail.html).toContain(`href="https://steprace.test/${page}"`);
      }
      expect(mail.text).toContain("Questions? Write to help@steprace.test");
      expect(mail.html).toContain('href="mailto:help@steprace.test"');
      // Inside the card, before the document's end; the message itself is kept.
      expect(mail.html.indexOf(emailFooter(settings).html)).toBeLessThan(mail.html.indexOf("</div></body>"));
      expect(mail.html).not.toContain("<!--footer-->");
      expect(mail.text.startsWith(content.text.trimEnd())).toBe(true);
      expect(mail.subject).toBe(content.subject);
    }
  });

  it("escapes what it puts in the HTML", () => {
    const mail = withFooter(welcomeEmail("Ada", "https://x"), {
      appUrl: "https://x",
      supportEmail: 'a"<b>@x.test',
    });
    expect(mail.html).not.toContain('a"<b>');
    expect(mail.html).toContain("a&quot;&lt;b&gt;@x.test");
  });
});
