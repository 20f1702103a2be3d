import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built React client from the API's origin. Any GET that is not an API call and not a
 * file gets index.html, so client-side routes (/login, /stream/…) load on refresh.
 */
export async function registerWebClient(app: FastifyInstance, webDist: string): Promise<void> {
  const root = resolve(webDist);
  const hasClient = existsSync(resolve(root, 'index.html'));
  if (hasClient) await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi =
      path.startsWith('/api/') ||
      path === '/api' ||
      path.startsWith('/ws') ||
      path === '/healthz' ||
      path === '/metrics';
    if (hasClient && request.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
  });
}
