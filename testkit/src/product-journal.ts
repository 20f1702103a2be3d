import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProductView } from './product.ts';
import { noMatchingEmail, type CapturedEmail, type Mailbox } from './smtp-capture.ts';

/** Where a product started with `journal` writes its emails (one JSON per line) and its output. */
const journalFiles = (dir: string) => ({ mail: join(dir, 'mail.jsonl'), logs: join(dir, 'product.log') });

/** The writing side of a journal in `dir`, emptied first: what startProduct records as it runs. */
export function openJournal(dir: string) {
  const files = journalFiles(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(files.mail, '');
  writeFileSync(files.logs, '');
  return {
    recordEmail: (m: CapturedEmail) => appendFileSync(files.mail, `${JSON.stringify(m)}\n`),
    recordOutput: (chunk: Buffer) => appendFileSync(files.logs, chunk),
  };
}

/** What a running product looks like to the processes that did not start it, read from its journal. */
export interface JournalledProduct {
  readonly baseUrl: string;
  readonly apiUrls: readonly string[];
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
    apiUrls: started.apiUrls,
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
        if (Date.now() > deadline) throw noMatchingEmail(timeoutMs, messages);
        await sleep(100);
      }
    },
  };
}
