import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_FEED_TAB,
  FIRST_READS_ELEMENT_ID,
  NEXT_CURSOR_HEADER,
  POSITION_HEADERS,
  type FirstRead,
} from '@myworld/schemas';

/** Every page's first read: who is signed in (the app shell shows no screen before it knows). */
const SESSION_READ = '/api/auth/user';
/**
 * A signed-in user's first screen's reads by page path: the client's routes that prefetch (web
 * app/first-screen-prefetch.ts), at the URLs the client reads them at (a URL that drifts is only
 * read again by the client).
 */
const SIGNED_IN_READS: Readonly<Record<string, readonly string[]>> = {
  '/': [`/api/feed?tab=${DEFAULT_FEED_TAB}`],
};
/** The answer headers the client reads; the rest stay on the server. */
const KEPT_HEADERS = [POSITION_HEADERS.position, POSITION_HEADERS.stale, NEXT_CURSOR_HEADER].map((h) =>
  h.toLowerCase(),
);
/** The caller's own request headers that a read may depend on (the session cookie above all). */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent'];

/** The page's first reads for this request's session, answered through the API's own routes. */
export type FirstReadsSource = (request: FastifyRequest, path: string) => Promise<FirstRead[]>;

/**
 * Reads through `app.inject`, so each read goes through the same hooks as the client's own would
 * (session, auth, rate limits counted for the caller's address, read models): the page carries
 * exactly what the client would have been answered. Only OK answers and the session check's 401
 * (a visitor) are kept; anything else the client asks again itself.
 */
export function firstReadsThrough(app: FastifyInstance): FirstReadsSource {
  const read = async (request: FastifyRequest, url: string): Promise<FirstRead | null> => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    if (res.statusCode !== 200 && !(url === SESSION_READ && res.statusCode === 401)) return null;
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.headers[name];
      if (typeof value === 'string') kept[name] = value;
    }
    return { url, status: res.statusCode, headers: kept, body: res.body };
  };
  return async (request, path) => {
    const session = await read(request, SESSION_READ);
    if (!session) return [];
    const more = session.status === 200 ? (SIGNED_IN_READS[path] ?? []) : [];
    const answers = await Promise.all(more.map((url) => read(request, url)));
    return [session, ...answers.filter((a): a is FirstRead => a !== null)];
  };
}

/**
 * `html` with `reads` in a <script type="application/json"> before </body>: a data block the
 * browser never runs (so the CSP allows it), its "<" escaped so no text in it can close the element.
 */
export function withFirstReads(html: string, reads: readonly FirstRead[]): string {
  if (reads.length === 0) return html;
  const json = JSON.stringify(reads).replace(/</g, '\\u003c');
  // A function, not a replacement string: "$&" or "$'" in a post's text must stay as written.
  return html.replace(
    '</body>',
    () => `  <script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${json}</script>\n  </body>`,
  );
}
