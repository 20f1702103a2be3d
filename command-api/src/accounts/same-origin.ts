import type { FastifyInstance, FastifyRequest } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The origin a browser says the request came from: Origin, else the Referer's origin; null if neither. */
function claimedOrigin(request: FastifyRequest): string | 'unparsable' | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin.length > 0) return originOf(origin) ?? 'unparsable';
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer.length > 0) return originOf(referer) ?? 'unparsable';
  return null;
}

/**
 * Refuses state-changing /api calls made from another site's pages (CSRF), on top of the
 * SameSite=Lax cookie. A browser names the page's origin in Origin (or Referer); it must be the
 * product's public address or the Host the request was sent to (the Vite dev proxy keeps Host).
 * Calls with neither header come from programs, not from a page another site controls.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (path !== '/api' && !path.startsWith('/api/')) return;
    const claimed = claimedOrigin(request);
    if (claimed === null) return;
    const hostOrigin = `${request.protocol}://${request.host}`;
    if (claimed === publicOrigin || claimed === hostOrigin) return;
    return reply.status(403).send({ error: 'cross_origin_refused', message: 'This request came from another site and was refused.' });
  });
}
