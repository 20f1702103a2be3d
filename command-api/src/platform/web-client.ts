import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { renderLinkPreview } from './link-previews/link-preview.ts';
import type { LinkPreviews } from './link-previews/link-previews.ts';

/** Vite names every file under assets/ by its content's hash: it never changes under that name. */
const HASHED_ASSETS = `assets${sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed public files: cached, but revalidated (ETag) before each use. */
const REVALIDATE = 'no-cache';

export interface WebClientOptions {
  readonly webDist: string;
  readonly publicUrl: string;
  /** The link previews of shareable pages (a post, a profile), put into their index.html. */
  readonly linkPreviews?: LinkPreviews;
}

/**
 * Serves the built React client from the API's origin: brotli or gzip copies written at build time
 * when the browser accepts them, hashed assets cached for a year, everything else revalidated. Any
 * GET that is not an API call and not a file gets index.html, so client-side routes (/login,
 * /stream/…) load on refresh; a shareable page's carries its link preview.
 */
export async function registerWebClient(app: FastifyInstance, options: WebClientOptions): Promise<void> {
  const root = resolve(options.webDist);
  const indexPath = resolve(root, 'index.html');
  const hasClient = existsSync(indexPath);
  // The build does not change under a running server.
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : '';
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

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const notAPage =
      path.startsWith('/api/') ||
      path === '/api' ||
      path.startsWith('/ws') ||
      path === '/healthz' ||
      path === '/metrics' ||
      // A chunk of an older build is gone: index.html in its place would fail as a script.
      path.startsWith('/assets/');
    if (!hasClient || request.method !== 'GET' || notAPage)
      return reply.status(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
    const preview = await options.linkPreviews?.find(path);
    if (!preview) return reply.type('text/html').sendFile('index.html');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .send(renderLinkPreview(indexHtml, preview, options.publicUrl, path));
  });
}
