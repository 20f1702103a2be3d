import type { Story } from '@myworld/schemas';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

interface StoriesApiOptions {
  /** What GET /api/stories answers (a function: read at each call, so a test can change it). */
  stories?: () => Story[] | Response;
  /** What POST /api/stories answers for the multipart body. */
  create?: (form: FormData) => Response;
  viewers?: unknown[];
}

/** A signed-in API (as testUser, u1) with the stories calls; other paths answer 404. */
export function storiesApi({ stories = () => [], create, viewers = [] }: StoriesApiOptions = {}) {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/auth/user') return json(200, testUser());
    if (url === '/api/stories' && method === 'GET') {
      const answer = stories();
      return answer instanceof Response ? answer : json(200, answer);
    }
    if (url === '/api/stories' && method === 'POST' && create) return create(init.body as FormData);
    if (/^\/api\/stories\/[^/]+\/view$/.test(url) && method === 'POST') return json(200, { counted: true });
    if (/^\/api\/stories\/[^/]+\/viewers$/.test(url)) return json(200, viewers);
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

type FetchMock = ReturnType<typeof storiesApi>;

/** The calls made to `path` with `method`, in order. */
export function callsTo(fetch: FetchMock, method: string, path: string | RegExp) {
  return fetch.mock.calls.filter(
    ([u, init]) => (init?.method ?? 'GET') === method && (typeof path === 'string' ? u === path : path.test(String(u))),
  );
}
