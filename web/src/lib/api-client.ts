import {
  apiErrorBody,
  comparePositions,
  formatPosition,
  NEXT_CURSOR_HEADER,
  positionText,
  type Position,
} from '@myworld/schemas';
import { dropFirstReads, takeFirstRead } from './first-reads.ts';

/**
 * The one way the client talks to the server: every call sends the session cookie, a body goes as
 * JSON (a FormData body as multipart, for uploads such as a story's file), and any non-OK answer
 * throws `"{status}: {body text or status text}"`.
 *
 * Read-your-writes: the server keeps the session's last write and answers each read only once its
 * read model has caught up with it (or marks it stale after a bounded wait), with no header from
 * the client. The client still keeps the highest `X-Position` it has seen and sends it as
 * `X-Min-Position` on every GET, which is harmless (the server waits for the later of the two) and
 * no longer needed. Nothing else waits for read models.
 */

/** A non-OK answer. Its message is `"{status}: {text}"`; `status` saves re-parsing it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

let lastPosition: Position | null = null;

/** The highest `X-Position` any answer carried so far, in its "commit/prepare" text form. */
export function lastSeenPosition(): string | null {
  return lastPosition ? formatPosition(lastPosition) : null;
}

/** Forgets the remembered position (tests start from a fresh client). */
export function forgetLastPosition(): void {
  lastPosition = null;
}

/** Keeps the answer's `X-Position` if it is later than the one remembered; ignores a malformed one. */
function rememberPosition(res: Response): void {
  const header = res.headers.get('x-position');
  if (!header) return;
  const parsed = positionText.safeParse(header);
  if (!parsed.success) return;
  if (!lastPosition || comparePositions(parsed.data, lastPosition) > 0) lastPosition = parsed.data;
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

export interface ApiFetchOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends the request with the session credentials (and `X-Min-Position` on a GET once a write has
 * been seen), remembers the answer's `X-Position`, and returns the answer whatever its status.
 * A GET the page already carries the answer to (lib/first-reads.ts) is answered from it.
 */
export async function apiFetch(method: string, url: string, { body, signal }: ApiFetchOptions = {}): Promise<Response> {
  if (method !== 'GET') dropFirstReads();
  const early = method === 'GET' ? takeFirstRead(url) : null;
  if (early) {
    rememberPosition(early);
    return early;
  }
  const headers: Record<string, string> = {};
  // A FormData body goes as it is: the browser writes the multipart content type with its boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (method === 'GET' && lastPosition) headers['X-Min-Position'] = formatPosition(lastPosition);
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    signal,
  });
  rememberPosition(res);
  return res;
}

/** Sends `body` (if any; JSON, or multipart for a FormData) with the session credentials and returns the OK response. */
export async function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const res = await apiFetch(method, url, { body, signal });
  await throwIfNotOk(res);
  return res;
}

/** `apiRequest` then the answer's JSON (typed by the caller's schema or cast). */
export async function apiJson<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await apiRequest(method, url, body, signal);
  return (await res.json()) as T;
}

/** One page of a paged list: the body, and the next page's cursor (null on the last page). */
export interface ApiPage {
  body: unknown;
  nextCursor: string | null;
}

/**
 * GET of a paged list: the body stays the list itself and the next page's cursor travels in the
 * `X-Next-Cursor` header (absent on the last page). The caller parses `body` with its schema.
 */
export async function apiPage(url: string, signal?: AbortSignal): Promise<ApiPage> {
  const res = await apiRequest('GET', url, undefined, signal);
  return { body: await res.json(), nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null };
}

/**
 * The server's human `message` from a thrown API error whose body is JSON ({ error, message }),
 * for toasts that "use the server message when present". Undefined otherwise (plain-text bodies
 * are often proxy pages, not words meant for people).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const m = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!m?.[1]) return undefined;
  try {
    const body: unknown = JSON.parse(m[1]);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

/** What a refused request said, and the input it blamed (the body's `field`), to show beside that input. */
export interface ServerRefusal {
  message: string;
  field?: string;
}

const refusalBody = apiErrorBody.pick({ message: true, field: true });

/**
 * Like serverMessage, with the body's `field` too: the server's words and the input they name,
 * from a thrown API error whose body is JSON. Undefined otherwise (network, proxy pages).
 */
export function serverRefusal(error: unknown): ServerRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body = refusalBody.safeParse(JSON.parse(error.bodyText));
    if (body.success && body.data.message) return body.data;
  } catch {
    // not JSON
  }
  return undefined;
}

/** True for an error thrown for an answer with this status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof Error && error.message.startsWith(`${status}: `);
}
