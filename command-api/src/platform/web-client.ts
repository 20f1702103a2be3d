import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { RENDERED_AT_META_NAME, type FirstRead } from '@myworld/schemas';
import { withFirstReads, type FirstReadsSource } from './first-reads.ts';
import { renderLinkPreview } from './link-previews/link-preview.ts';
import type { LinkPreviews } from './link-previews/link-previews.ts';

/** Vite names every file under assets/ by its content's hash: it never changes under that name. */
const HASHED_ASSETS = `assets${sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed public files: cached, but revalidated (ETag) before each use. */
const REVALIDATE = 'no-cache';
/** A page that carries its reader's first reads: never kept by a shared cache, revalidated by the browser's. */
const PERSONAL = 'private, no-cache';

export interface WebClientOptions {
  readonly webDist: string;
  readonly publicUrl: string;
  /** The link previews of shareable pages (a post, a profile), put into their index.html. */
  readonly linkPreviews?: LinkPreviews;
  /** The first screen's reads, put into each page's index.html (see first-reads.ts). */
  readonly firstReads?: FirstReadsSource;
}

/** The client's server render (web/src/entry-server.tsx, built into web/dist-ssr beside web/dist). */
type RenderFirstScreen = (path: string, reads: readonly FirstRead[], now: Date) => Promise<string | null>;

/** The empty element the client renders into, in the built index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The build's server render, when it was built (`npm run build --workspace web` builds both): the
 * landing page and the signed-in home come as HTML, painted before the JavaScript arrives.
 */
async function loadFirstScreenRender(webDist: string): Promise<RenderFirstScreen | null> {
  const entry = resolve(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { renderFirstScreen: RenderFirstScreen };
  return module.renderFirstScreen;
}

/**
 * Serves the built React client from the API's origin: brotli or gzip copies written at build time
 * when the browser accepts them, hashed assets cached for a year, everything else revalidated. Any
 * GET that is not an API call and not a file gets index.html, so client-side routes (/login,
 * /stream/…) load on refresh; a shareable page's carries its link preview, and with `firstReads`
 * every page carries its first screen's reads (so `/` too is answered here, not as a file) and,
 * where the client's server build renders it (the landing page, the signed-in home), that screen's
 * HTML in #root, which paints before the JavaScript arrives and which the client hydrates.
 */
export async function registerWebClient(app: FastifyInstance, options: WebClientOptions): Promise<void> {
  const root = resolve(options.webDist);
  const indexPath = resolve(root, 'index.html');
  const hasClient = existsSync(indexPath);
  // The build does not change under a running server.
  const indexHtml = hasClient ? readFileSync(indexPath, 'utf8') : '';
  // Loaded on the first page that renders (about 0.1 s for a 4.6 MB bundle), not at every start-up.
  let renderer: Promise<RenderFirstScreen | null> | undefined;
  const firstScreenRender = () => (renderer ??= loadFirstScreenRender(root));
  if (hasClient)
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: options.firstReads ? false : ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) =>
        reply.header('cache-control', relative(root, path).startsWith(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE),
    });

  /** The first screen's HTML from the same reads the page carries; null (the client renders it) on any failure. */
  const renderPage = async (request: FastifyRequest, page: string, path: string, reads: readonly FirstRead[]) => {
    const now = new Date();
    const markup = await firstScreenRender()
      .then((render) => render?.(path, reads, now) ?? null)
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'first screen render failed');
        return null;
      });
    if (!markup) return page;
    // Functions, not replacement strings: "$&" in a post's text must stay as written.
    return page
      .replace('</head>', () => `  <meta name="${RENDERED_AT_META_NAME}" content="${now.toISOString()}" />\n  </head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
  };

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
    if (!preview && !options.firstReads) return reply.type('text/html').sendFile('index.html');
    const page = preview ? renderLinkPreview(indexHtml, preview, options.publicUrl, path) : indexHtml;
    const reads = await options.firstReads?.(request, path).catch((error: unknown) => {
      // The page still works without them: the client reads for itself.
      request.log.warn({ err: error }, 'first reads failed');
      return [];
    });
    const rendered = reads?.length ? await renderPage(request, page, path, reads) : page;
    return sendHtml(request, reply, withFirstReads(rendered, reads ?? []), reads?.length ? PERSONAL : REVALIDATE);
  });
}

/** A page built for this request, compressed as the browser accepts (brotli, else gzip). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, cacheControl: string): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
