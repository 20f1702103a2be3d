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
 * Whether a request came from one of the product's own pages: the origin a browser names must be
 * the public address or the Host the request was sent to (the Vite dev proxy keeps Host). A
 * request naming no origin at all comes from a program, not from a page another site controls.
 */
export function fromOwnPages(request: FastifyRequest, publicOrigin: string): boolean {
  const claimed = claimedOrigin(request);
  return claimed === null || claimed === publicOrigin || claimed === `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing calls made from another site's pages (CSRF), on top of the SameSite=Lax
 * cookie. Registered app-wide, before every feature's routes. It judges the route the router
 * matched (`routeOptions.url`, known in onRequest since routing comes first), never the raw URL:
 * `/%61pi/...`, `/API/...` or `/api/../api/...` reach a route only in a form the router decoded,
 * and whatever route that is gets checked. A URL no route matches is a 404 with no effect.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.url === undefined) return;
    if (fromOwnPages(request, publicOrigin)) return;
    return reply
      .status(403)
      .send({ error: 'cross_origin_refused', message: 'This request came from another site and was refused.' });
  });
}
