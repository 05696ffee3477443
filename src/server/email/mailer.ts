import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { emails } from "../db/schema";
import { type EmailContent, type FooterSettings, withFooter } from "./templates";

export type Mailer = {
  /**
   * Stores the message, then delivers it by SMTP when configured, after the caller has moved on
   * (a slow mail server must not hold up, or time, the request). Never throws: mail is best effort.
   */
  send(to: string, content: EmailContent): Promise<void>;
  /** Resolves once every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/** The address as the outbox and the log keep it: none for a message that must forget it. */
const shownAddress = (to: string, content: EmailContent) =>
  content.forgetRecipient ? FORGOTTEN_RECIPIENT : to;

/** What the outbox keeps instead of a deleted account's address. */
export const FORGOTTEN_RECIPIENT = "(a deleted account)";

function redact(text: string, secrets: string[] = []): string {
  return secrets.filter(Boolean).reduce((t, secret) => t.split(secret).join("[redacted]"), text);
}

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Every message carries the shared footer: links to Help, Terms, Privacy and the support address. */
  footer: FooterSettings;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, to: string, content: EmailContent) {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: opts.from,
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        headers: content.unsubscribe?.headers,
      });
      await opts.db.update(emails).set({ sentAt: new Date() }).where(eq(emails.id, id));
    } catch (err) {
      opts.log.error({ err, to: shownAddress(to, content) }, "email delivery failed");
      await opts.db
        .update(emails)
        .set({ error: String(err) })
        .where(eq(emails.id, id));
    }
  }

  return {
    async send(to, message) {
      const content = withFooter(message, opts.footer);
      try {
        // The outbox is where a user without SMTP reads the link, so only a sent copy is redacted.
        const [row] = await opts.db
          .insert(emails)
          .values({
            toAddress: shownAddress(to, content),
            subject: content.subject,
            template: content.template,
            textBody: transport ? redact(content.text, content.secrets) : content.text,
            htmlBody: transport ? redact(content.html, content.secrets) : content.html,
            transport: transport ? "smtp" : "outbox",
            headers: content.unsubscribe?.headers ?? null,
          })
          .returning({ id: emails.id });
        if (!transport) {
          if (content.forgetRecipient)
            opts.log.info({ subject: content.subject }, "email (outbox, not sent)");
          else opts.log.info({ to, subject: content.subject }, `email (outbox, not sent):\n${content.text}`);
          return;
        }
        const job = deliver(row.id, to, content).catch(() => {});
        pending.add(job);
        void job.finally(() => pending.delete(job));
      } catch (err) {
        opts.log.error({ err, to: shownAddress(to, message) }, "email could not be stored");
      }
    },
    async idle() {
      await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      transport?.close();
    },
  };
}
