import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { outboxMessage, type OutboxMessage } from '@myworld/schemas/server';

export interface OutgoingEmail {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface MailTransport {
  /** Where mail goes, for logs. */
  readonly description: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** Real delivery over SMTP. The Message-ID comes from the event id, so a duplicate is recognisable. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    description: `smtp ${new URL(url).host}`,
    async send(email) {
      await transporter.sendMail({
        messageId: `<${email.id}@myworld>`,
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Development without an SMTP server: each email becomes a JSON file in `dir` (named so they
 * sort by time), which the API lists at /dev/outbox with clickable links.
 */
export function outboxTransport(dir: string): MailTransport {
  return {
    description: `outbox ${dir}`,
    async send(email) {
      await mkdir(dir, { recursive: true });
      const createdAt = new Date().toISOString();
      const name = `${createdAt.replace(/[:.]/g, '-')}-${email.id}.json`;
      const message: OutboxMessage = outboxMessage.parse({ ...email, createdAt });
      await writeFile(join(dir, name), JSON.stringify(message, null, 2));
    },
    close: () => undefined,
  };
}
