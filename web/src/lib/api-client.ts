/**
 * The one way the client talks to the server (spec §7, §8): every call sends the session cookie, a
 * body goes as JSON, and any non-OK answer throws `"{status}: {body text or status text}"`.
 */

/** A non-OK answer. Its message is the spec's `"{status}: {text}"`; `status` saves re-parsing it. */
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

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

/** Sends `body` (if any) as JSON with the session credentials and returns the OK response. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return res;
}

/** `apiRequest` then the answer's JSON (typed by the caller's schema or cast). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
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

/** True for an error thrown for an answer with this status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof Error && error.message.startsWith(`${status}: `);
}
