import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names every file under assets/ by its content's hash: it never changes under that name. */
const HASHED_ASSETS = `assets${sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed public files: cached, but revalidated (ETag) before each use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built React client from the API's origin: brotli or gzip copies written at build time
 * when the browser accepts them, hashed assets cached for a year, everything else revalidated. Any
 * GET that is not an API call and not a file gets index.html, so client-side routes (/login,
 * /stream/…) load on refresh.
 */
export async function registerWebClient(app: FastifyInstance, webDist: string): Promise<void> {
  const root = resolve(webDist);
  const hasClient = existsSync(resolve(root, 'index.html'));
  if (hasClient)
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) =>
        reply.header('cache-control', relative(root, path).startsWith(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE),
    });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const notAPage =
      path.startsWith('/api/') ||
      path === '/api' ||
      path.startsWith('/ws') ||
      path === '/healthz' ||
      path === '/metrics' ||
      // A chunk of an older build is gone: index.html in its place would fail as a script.
      path.startsWith('/assets/');
    if (hasClient && request.method === 'GET' && !notAPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
  });
}
