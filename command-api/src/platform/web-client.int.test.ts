import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEED_TAB, firstReads } from '@myworld/schemas';
import { firstReadsThrough } from './first-reads.ts';
import { registerWebClient } from './web-client.ts';

const INDEX = '<!doctype html><title>MyWorld</title><div id="root"></div>';
const CHUNK = 'export const feed = "the feed";\n'.repeat(100);

describe('the web client as the API serves it', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A build as web/build/precompress-plugin.ts leaves it: each file with its .br and .gz copies.
    dist = await mkdtemp(join(tmpdir(), 'myworld-dist-'));
    await mkdir(join(dist, 'assets'));
    for (const [name, text] of [
      ['index.html', INDEX],
      ['assets/feed-Ab12Cd34.js', CHUNK],
    ] as const) {
      await writeFile(join(dist, name), text);
      await writeFile(join(dist, `${name}.br`), brotliCompressSync(text));
      await writeFile(join(dist, `${name}.gz`), gzipSync(text));
    }
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    await registerWebClient(app, { webDist: dist, publicUrl: 'http://127.0.0.1:3000' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('a hashed asset: brotli when accepted, else gzip, else plain; cached for a year as immutable', async () => {
    const br = await get('/assets/feed-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload).toEqual(brotliCompressSync(CHUNK));

    const gz = await get('/assets/feed-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(gzipSync(CHUNK));

    const plain = await get('/assets/feed-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, at / and at any page of the client, is revalidated on every load (no-cache)', async () => {
    for (const url of ['/', '/post/6f1c2a9e-0000-4000-8000-000000000000', '/hashtag/cats?tab=top']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.rawPayload, url).toEqual(brotliCompressSync(INDEX));
    }
  });

  it('an unhashed public file is revalidated; one too small to compress is served plain', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("a chunk of an older build is a 404 with a JSON body, not index.html (a script can't run a page)", async () => {
    const res = await get('/assets/feed-Old00000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('an unknown API path stays a JSON 404', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe("a page with its first screen's reads", () => {
  const PAGE = '<!doctype html><html><head><title>MyWorld</title></head><body><div id="root"></div></body></html>';
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'myworld-dist-'));
    await writeFile(join(dist, 'index.html'), PAGE);
    app = Fastify();
    // The two reads as the real routes answer them: the session's user (401 for a visitor) and a feed page.
    app.get('/api/auth/user', async (request, reply) =>
      request.headers.cookie === 'sid=reader'
        ? reply.header('x-position', '12/12').send({ id: 'reader', note: '</script><script>alert(1)</script> $& $1' })
        : reply.status(401).send({ error: 'unauthorized', message: 'Please sign in.' }),
    );
    app.get('/api/feed', async (request, reply) =>
      reply
        .header('x-next-cursor', 'c2')
        .header('set-cookie', 'x=1')
        .send([{ id: 'post-1' }]),
    );
    await registerWebClient(app, {
      webDist: dist,
      publicUrl: 'http://127.0.0.1:3000',
      firstReads: firstReadsThrough(app),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const readsIn = (html: string): unknown => {
    const m = /<script type="application\/json" id="first-reads">([^<]*)<\/script>/.exec(html);
    return m ? firstReads.parse(JSON.parse(m[1]!)) : null;
  };
  const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it("a signed-in user's home carries their session and the feed's first page, for this browser only", async () => {
    const res = await page('/', { cookie: 'sid=reader', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(readsIn(html)).toEqual([
      {
        url: '/api/auth/user',
        status: 200,
        headers: { 'x-position': '12/12' },
        body: JSON.stringify({ id: 'reader', note: '</script><script>alert(1)</script> $& $1' }),
      },
      {
        url: `/api/feed?tab=${DEFAULT_FEED_TAB}`,
        status: 200,
        headers: { 'x-next-cursor': 'c2' },
        body: '[{"id":"post-1"}]',
      },
    ]);
    // A read's text can never end the data block early: no second script element, no executable one.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("a visitor's page carries the session check's 401 and nothing signed-in", async () => {
    const res = await page('/', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(readsIn(gunzipSync(res.rawPayload).toString())).toEqual([
      {
        url: '/api/auth/user',
        status: 401,
        headers: {},
        body: JSON.stringify({ error: 'unauthorized', message: 'Please sign in.' }),
      },
    ]);
  });

  it('any other page carries the session check only', async () => {
    const res = await page('/discover', { cookie: 'sid=reader' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((readsIn(res.body) as { url: string }[]).map((r) => r.url)).toEqual(['/api/auth/user']);
  });
});

describe("a page with its first screen rendered by the client's server build", () => {
  const PAGE = '<!doctype html><html><head><title>MyWorld</title></head><body><div id="root"></div></body></html>';
  // The build's render (web/dist-ssr/entry-server.js, beside web/dist) as its contract says: HTML for
  // the paths it renders, from the reads it is given; null for others; here "/boom" fails.
  const RENDER = `export async function renderFirstScreen(path, reads, now) {
    if (!(now instanceof Date)) throw new Error('no render time');
    if (path === '/boom') throw new Error('render failed');
    if (path !== '/') return null;
    return '<main>' + reads.map((r) => r.url + ' ' + r.status).join(', ') + ' $& $1</main>';
  }`;
  let base: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'myworld-web-'));
    await mkdir(join(base, 'dist'));
    await mkdir(join(base, 'dist-ssr'));
    await writeFile(join(base, 'dist', 'index.html'), PAGE);
    await writeFile(join(base, 'dist-ssr', 'entry-server.js'), RENDER);
    app = Fastify();
    app.get('/api/auth/user', async (_request, reply) =>
      reply.status(401).send({ error: 'unauthorized', message: 'Please sign in.' }),
    );
    await registerWebClient(app, {
      webDist: join(base, 'dist'),
      publicUrl: 'http://127.0.0.1:3000',
      firstReads: firstReadsThrough(app),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(base, { recursive: true, force: true });
  });

  const root = (html: string) => /<div id="root">(.*?)<\/div>/.exec(html)?.[1];

  it('"/" comes with its first screen in #root, rendered from the reads the page carries', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    // As written: "$&" in the markup is no replacement pattern.
    expect(root(res.body)).toBe('<main>/api/auth/user 401 $& $1</main>');
    expect(res.body).toContain('id="first-reads"');
    // When it was rendered, for the client's take-over to word relative times alike.
    const renderedAt = /<meta name="myworld-rendered-at" content="([^"]+)" \/>/.exec(res.body)?.[1];
    expect(Date.now() - Date.parse(renderedAt ?? '')).toBeLessThan(60_000);
  });

  it("a page the build does not render, or whose render fails, is the client's empty #root", async () => {
    for (const url of ['/discover', '/boom']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(root(res.body), url).toBe('');
      expect(res.body, url).toContain('id="first-reads"');
      expect(res.body, url).not.toContain('myworld-rendered-at');
    }
  });
});
