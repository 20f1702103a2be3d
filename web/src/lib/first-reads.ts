import { FIRST_READS_ELEMENT_ID, firstReads, type FirstRead } from '@myworld/schemas';
import { queryKeys } from './query-keys.ts';

/**
 * The answers the server sent with the page (see schemas' first-reads.ts): the first screen's
 * reads, so a first load waits for no API round trip. Each is taken once, by the first GET of its
 * URL; once this tab writes anything they are out of date, and every read goes to the server.
 */
let pending: Map<string, FirstRead> | null = null;
const SESSION_READ_URL = queryKeys.currentUser[0];

function load(): Map<string, FirstRead> {
  if (pending) return pending;
  pending = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_READS_ELEMENT_ID);
  if (!element) return pending;
  element.remove();
  try {
    const parsed = firstReads.safeParse(JSON.parse(element.textContent ?? ''));
    if (parsed.success) for (const read of parsed.data) pending.set(read.url, read);
    else console.error('The page carried first reads that are not FirstReads', parsed.error.issues);
  } catch {
    console.error('The page carried first reads that are not JSON');
  }
  return pending;
}

/** The page's answer to GET `url`, taken (the next GET goes to the server); null when it has none. */
export function takeFirstRead(url: string): Response | null {
  const reads = load();
  const read = reads.get(url);
  if (!read) return null;
  reads.delete(url);
  return new Response(read.body, {
    status: read.status,
    headers: { ...read.headers, 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * Whether the page came with a signed-in session check: the server rendered a signed-in screen,
 * so the client starts that screen's reads (from the page) whatever the session hint says.
 */
export function pageSaysSignedIn(): boolean {
  return load().get(SESSION_READ_URL)?.status === 200;
}

/** The server side's render (entry-server.tsx): answers the reads of one render from `reads`. */
export function serveFirstReads(reads: readonly FirstRead[]): void {
  pending = new Map(reads.map((read) => [read.url, read]));
}

/** Tests start from a fresh page load: the next read looks at the document again. */
export function forgetFirstReads(): void {
  pending = null;
}

/** Drops the page's answers: after a write they may no longer be true. */
export function dropFirstReads(): void {
  pending = new Map();
}
