import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { freePort } from './free-port.ts';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text and HTML parts. */
  links: string[];
}

export interface MailCatcher {
  readonly url: string;
  readonly messages: readonly CaughtMail[];
  /** Resolves with the first message (already caught or arriving) that matches. */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

function toCaught(mail: ParsedMail): CaughtMail {
  const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
  const text = mail.text ?? '';
  const html = typeof mail.html === 'string' ? mail.html : '';
  const links = [...new Set([...`${text}\n${html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&')))];
  return { to, subject: mail.subject ?? '', text, html, links };
}

/** A real SMTP server on a free local port that keeps what it receives, for tests. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(toCaught(mail));
          for (const l of listeners) l();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching email within ${timeoutMs} ms (caught ${messages.length}: ${messages.map((m) => m.subject).join(', ')})`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
