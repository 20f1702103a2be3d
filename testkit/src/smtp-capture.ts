import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface CapturedEmail {
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly messageId: string;
  /** Every http(s) address in the text part. */
  readonly links: string[];
}

/** The emails received so far, and a wait for one. */
export interface Mailbox {
  waitFor(predicate: (m: CapturedEmail) => boolean, timeoutMs?: number): Promise<CapturedEmail>;
}

export interface SmtpCapture extends Mailbox {
  readonly url: string;
  readonly messages: readonly CapturedEmail[];
  close(): Promise<void>;
}

/** What a wait for an email that did not come says, with what came instead. */
export function noMatchingEmail(timeoutMs: number, messages: readonly CapturedEmail[]): Error {
  const got = messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ');
  return new Error(`no matching email within ${timeoutMs} ms (got: ${got})`);
}

/**
 * A real SMTP server on a free local port that keeps what it receives (tests only): the workers
 * send their emails here. `onMessage` sees each one as it arrives.
 */
export async function startSmtpCapture(onMessage?: (m: CapturedEmail) => void): Promise<SmtpCapture> {
  const messages: CapturedEmail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ''),
          );
          const text = mail.text ?? '';
          const message: CapturedEmail = {
            to,
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            links: text.match(/https?:\/\/\S+/g) ?? [],
          };
          messages.push(message);
          onMessage?.(message);
          for (const w of waiters) w();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(noMatchingEmail(timeoutMs, messages));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
