import { vi } from 'vitest';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch with `handler`; returns the mock so a test can read the calls. */
export function stubFetch(handler: Handler) {
  const mock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API when nobody is signed in: 401 for the current user, `rest` for anything else. */
export function signedOutApi(rest: Handler = () => json(404, { error: 'not_found', message: 'Not found' })): Handler {
  return (url, init) =>
    url === '/api/auth/user' ? json(401, { error: 'unauthorized', message: 'Not signed in' }) : rest(url, init);
}
