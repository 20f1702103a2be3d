import { POSITION_HEADERS } from '@myworld/schemas';
import { SESSION_COOKIE } from './session-cookie.ts';

/** An answer as a plain client sees it: status, body, whether it was marked stale, its X-Position. */
export interface PlainAnswer<T> {
  readonly status: number;
  readonly body: T;
  readonly stale: boolean;
  readonly position: string | null;
  /** How long the call took, in ms. */
  readonly elapsedMs: number;
}

export interface PlainHttpClient {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<PlainAnswer<T>>;
  /** The session cookie (`myworld_sid=...`), once there is one. */
  readonly cookie: string | undefined;
}

/**
 * A client as a script or a mobile app is: real HTTP, the session cookie and a JSON body, and no
 * other header. In particular it never echoes X-Position as X-Min-Position.
 */
export function plainHttpClient(baseUrl: string, cookie?: string): PlainHttpClient {
  let session = cookie;
  return {
    get cookie() {
      return session;
    },
    async call<T>(method: string, path: string, body?: unknown): Promise<PlainAnswer<T>> {
      const headers: Record<string, string> = {};
      if (session) headers.cookie = session;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const elapsedMs = performance.now() - started;
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(';');
        if (pair?.startsWith(`${SESSION_COOKIE}=`))
          session = pair.length > SESSION_COOKIE.length + 1 ? pair : undefined;
      }
      return {
        status: res.status,
        body: (text ? JSON.parse(text) : null) as T,
        stale: res.headers.get(POSITION_HEADERS.stale) === 'true',
        position: res.headers.get(POSITION_HEADERS.position),
        elapsedMs,
      };
    },
  };
}
