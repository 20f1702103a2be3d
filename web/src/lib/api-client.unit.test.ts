import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiJson,
  apiPage,
  apiRequest,
  forgetLastPosition,
  hasStatus,
  lastSeenPosition,
  serverMessage,
  serverRefusal,
} from './api-client.ts';
import { json, stubFetch } from '../testing/stub-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetLastPosition();
});

describe('the fetch rule', () => {
  it('sends the session credentials and a JSON body with its content type', async () => {
    const fetch = stubFetch(() => json(200, { message: 'hi' }));
    await expect(apiJson('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' })).resolves.toEqual({
      message: 'hi',
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co","password":"x"}',
    });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/auth/logout');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'include', headers: {}, body: undefined });
  });

  it('sends a FormData body as multipart, leaving its content type (and boundary) to the browser', async () => {
    const fetch = stubFetch(() => json(201, { ok: true }));
    const form = new FormData();
    form.set('mediaType', 'text');
    await expect(apiJson('POST', '/api/stories', form)).resolves.toEqual({ ok: true });
    const init = fetch.mock.calls[0]![1]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: {} });
    expect(init.body).toBe(form);
  });

  it('throws "{status}: {body text}" for a non-OK answer', async () => {
    stubFetch(() => json(400, { error: 'validation_failed', message: 'Please fill in all required fields.' }));
    await expect(apiRequest('POST', '/api/auth/register', {})).rejects.toThrow(
      '400: {"error":"validation_failed","message":"Please fill in all required fields."}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const err = await apiRequest('GET', '/api/feed').catch((e: unknown) => e);
    expect((err as Error).message).toBe('503: Service Unavailable');
    expect(hasStatus(err, 503)).toBe(true);
    expect(hasStatus(err, 500)).toBe(false);
  });
});

describe('apiPage', () => {
  it('reads the list and the next cursor from X-Next-Cursor', async () => {
    const fetch = stubFetch(
      () =>
        new Response('[{"id":"a"}]', {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'c2' },
        }),
    );
    await expect(apiPage('/api/feed?tab=for-you')).resolves.toEqual({ body: [{ id: 'a' }], nextCursor: 'c2' });
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('gives a null cursor on the last page and throws on a non-OK answer', async () => {
    stubFetch(() => json(200, []));
    await expect(apiPage('/api/feed')).resolves.toEqual({ body: [], nextCursor: null });
    stubFetch(() => json(500, { error: 'internal', message: 'x' }));
    await expect(apiPage('/api/feed')).rejects.toThrow('500: ');
  });
});

describe('serverMessage', () => {
  it('reads the message of a JSON error body', () => {
    expect(serverMessage(new Error('401: {"error":"invalid_credentials","message":"Wrong email or password."}'))).toBe(
      'Wrong email or password.',
    );
  });

  it('gives nothing for plain text, JSON without a message, or non-errors', () => {
    expect(serverMessage(new Error('502: Bad Gateway'))).toBeUndefined();
    expect(serverMessage(new Error('500: {"error":"x"}'))).toBeUndefined();
    expect(serverMessage(new Error('500: {"message":""}'))).toBeUndefined();
    expect(serverMessage(new Error('Failed to fetch'))).toBeUndefined();
    expect(serverMessage('400: {"message":"x"}')).toBeUndefined();
  });
});

describe('serverRefusal', () => {
  it('reads the message and the field it blames from a JSON error body', () => {
    const body = '{"error":"email_taken","field":"newEmail","message":"That email is taken."}';
    expect(serverRefusal(new ApiError(409, body, 'Conflict'))).toEqual({
      message: 'That email is taken.',
      field: 'newEmail',
    });
    expect(serverRefusal(new ApiError(400, '{"error":"x","message":"Nope."}', 'Bad Request'))).toEqual({
      message: 'Nope.',
    });
  });

  it('gives nothing for plain text, JSON without a message, or other errors', () => {
    expect(serverRefusal(new ApiError(502, 'Bad Gateway', 'Bad Gateway'))).toBeUndefined();
    expect(serverRefusal(new ApiError(500, '{"error":"x","message":""}', ''))).toBeUndefined();
    expect(serverRefusal(new Error('Failed to fetch'))).toBeUndefined();
  });
});

describe('read-your-writes', () => {
  const withPosition = (position: string | null, status = 200) =>
    new Response(JSON.stringify({ message: 'ok' }), {
      status,
      headers: { 'Content-Type': 'application/json', ...(position ? { 'X-Position': position } : {}) },
    });
  const minPosition = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['X-Min-Position'];

  it('sends no X-Min-Position before any answer carried an X-Position', async () => {
    const fetch = stubFetch(() => withPosition(null));
    await apiRequest('GET', '/api/auth/user');
    expect(minPosition(fetch.mock.calls[0]![1])).toBeUndefined();
    expect(lastSeenPosition()).toBeNull();
  });

  it("sends the last command's X-Position as X-Min-Position on the next GETs", async () => {
    const fetch = stubFetch((url) => withPosition(url === '/api/users/privacy' ? '812/3' : null));
    await apiRequest('PATCH', '/api/users/privacy', { hideEngagement: true });
    await apiRequest('GET', '/api/auth/user');
    await apiRequest('GET', '/api/streams/active/all');
    expect(fetch.mock.calls.map(([url, init]) => [url, minPosition(init)])).toEqual([
      ['/api/users/privacy', undefined],
      ['/api/auth/user', '812/3'],
      ['/api/streams/active/all', '812/3'],
    ]);
  });

  it('keeps the highest position seen, compared as (commit, prepare) numbers, not text', async () => {
    const answers = ['9/5', '10/1', '9/99', '10/0', 'not-a-position'];
    stubFetch(() => withPosition(answers.shift() ?? null));
    for (let i = 0; i < 5; i++) await apiRequest('POST', '/api/streams/start', {});
    expect(lastSeenPosition()).toBe('10/1');
  });

  it('sends X-Min-Position on reads only, never on commands', async () => {
    const fetch = stubFetch(() => withPosition('5/0'));
    await apiRequest('POST', '/api/auth/login', {});
    await apiRequest('POST', '/api/auth/logout');
    await apiRequest('PATCH', '/api/users/privacy', {});
    await apiRequest('GET', '/api/auth/user');
    expect(fetch.mock.calls.map(([, init]) => minPosition(init))).toEqual([undefined, undefined, undefined, '5/0']);
  });
});
