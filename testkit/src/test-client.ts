import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { POSITION_HEADERS, formatPosition, laterPosition, positionText, type Position } from '@myworld/schemas';

/**
 * A browser-like client of one API instance (through `app.inject`): its own cookie jar, a client
 * address (X-Forwarded-For, for per-address limits), and read-your-writes as the web client does
 * it: it remembers the highest `X-Position` it was answered and sends it as `X-Min-Position` on
 * every GET (a header given to a call wins).
 */
export interface TestClient {
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  readonly cookies: Map<string, string>;
  /** The highest position this client was answered (null before its first command). */
  readonly lastPosition: Position | null;
}

export interface TestClientOptions {
  /** The client's address, sent as X-Forwarded-For (the harness trusts it). Default 127.0.0.1. */
  readonly ip?: string;
  /** A session cookie to start with (`myworld_sid=...`). */
  readonly cookie?: string;
}

export function testClient(app: FastifyInstance, options: TestClientOptions = {}): TestClient {
  const cookies = new Map<string, string>();
  if (options.cookie) {
    const [name, ...value] = options.cookie.split('=');
    cookies.set(name!, value.join('='));
  }
  let lastPosition: Position | null = null;

  const request = async (call: InjectOptions): Promise<LightMyRequestResponse> => {
    const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const readYourWrites =
      (call.method ?? 'GET') === 'GET' && lastPosition ? { 'x-min-position': formatPosition(lastPosition) } : {};
    const response = await app.inject({
      ...call,
      headers: {
        'x-forwarded-for': options.ip ?? '127.0.0.1',
        ...readYourWrites,
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(call.headers ?? {}),
      },
    });
    for (const c of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
    const position = positionText.safeParse(response.headers[POSITION_HEADERS.position.toLowerCase()]);
    if (position.success) lastPosition = laterPosition(lastPosition, position.data);
    return response;
  };
  const withBody =
    (method: 'POST' | 'PATCH' | 'PUT') => (url: string, body?: unknown, headers?: Record<string, string>) =>
      request({
        method,
        url,
        ...(body === undefined ? {} : { payload: body as object }),
        ...(headers ? { headers } : {}),
      });

  return {
    cookies,
    get lastPosition() {
      return lastPosition;
    },
    request,
    get: (url, headers) => request({ method: 'GET', url, ...(headers ? { headers } : {}) }),
    post: withBody('POST'),
    patch: withBody('PATCH'),
    put: withBody('PUT'),
    delete: (url, headers) => request({ method: 'DELETE', url, ...(headers ? { headers } : {}) }),
  };
}
