import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { emails } from "../db/schema";
import type { EmailContent } from "./templates";

export type Mailer = {
  /** Stores the message, then delivers it by SMTP when configured. Never throws: mail is best effort. */
  send(to: string, content: EmailContent): Promise<void>;
  close(): void;
};

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  return {
    async send(to, content) {
      try {
        const [row] = await opts.db
          .insert(emails)
          .values({
            toAddress: to,
            subject: content.subject,
            template: content.template,
            textBody: content.text,
            htmlBody: content.html,
            transport: transport ? "smtp" : "outbox",
          })
          .returning({ id: emails.id });
        if (!transport) {
          opts.log.info({ to, subject: content.subject }, `email (outbox, not sent):\n${content.text}`);
          return;
        }
        try {
          await transport.sendMail({
            from: opts.from,
            to,
            subject: content.subject,
            text: content.text,
            html: content.html,
          });
          await opts.db.update(emails).set({ sentAt: new Date() }).where(eq(emails.id, row.id));
        } catch (err) {
          opts.log.error({ err, to }, "email delivery failed");
          await opts.db
            .update(emails)
            .set({ error: String(err) })
            .where(eq(emails.id, row.id));
        }
      } catch (err) {
        opts.log.error({ err, to }, "email could not be stored");
      }
    },
    close() {
      transport?.close();
    },
  };
}
