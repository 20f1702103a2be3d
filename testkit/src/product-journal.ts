import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProductView } from './product.ts';
import type { CapturedEmail, Mailbox } from './smtp-capture.ts';

/** Where a product started with `journal` writes its emails (one JSON per line) and its output. */
export const journalFiles = (dir: string) => ({ mail: join(dir, 'mail.jsonl'), logs: join(dir, 'product.log') });

/** What a running product looks like to the processes that did not start it, read from its journal. */
export interface JournalledProduct {
  readonly baseUrl: string;
  readonly databaseUrl: string;
  readonly journal: string;
}

/**
 * A product started by another process (vitest's global set-up, say), seen through its journal:
 * its emails are read from the mail file as they arrive.
 */
export function productFromJournal(started: JournalledProduct): ProductView {
  const files = journalFiles(started.journal);
  return {
    baseUrl: started.baseUrl,
    databaseUrl: started.databaseUrl,
    mail: journalMailbox(files.mail),
    logs: () => readFileSync(files.logs, 'utf8'),
  };
}

function journalMailbox(file: string): Mailbox {
  const received = (): CapturedEmail[] =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CapturedEmail);
  return {
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const messages = received();
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          const got = messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ');
          throw new Error(`no matching email within ${timeoutMs} ms (got: ${got})`);
        }
        await sleep(100);
      }
    },
  };
}
