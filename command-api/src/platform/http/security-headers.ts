import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The security headers' settings (config.ts spreads them into the API's schema). */
export const securityHeadersConfigShape = {
  /**
   * Strict-Transport-Security max-age, sent only on answers served over TLS (request.protocol is
   * https: directly, or behind a proxy TRUST_PROXY believes). 0 sends none. Default: 31536000 (a year).
   */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
};

export interface SecurityHeadersSources {
  readonly config: {
    readonly PUBLIC_URL: string;
    readonly HSTS_MAX_AGE_SECONDS: number;
    readonly STRIPE_PUBLISHABLE_KEY?: string | undefined;
  };
  /** Where browsers PUT uploads: the object store's public address (presigned URLs point there). */
  readonly storage: { publicUrlOf(key: string): string };
  /** Hash sources of the inline <style> elements the client's index.html carries (inline-style-hashes.ts). */
  readonly inlineStyleHashes?: readonly string[];
}

type Directives = Record<string, readonly string[]>;

const serialize = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');

// Stripe.js and its Payment Element frames, only when gifts are paid through Stripe (stripe.com/docs/security/guide#content-security-policy).
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The three policies, built once from the configuration:
 * - `app`: the web client and every API answer. Scripts only from our origin, never inline;
 *   'wasm-unsafe-eval' lets the face detector compile its WebAssembly (and nothing else: no eval).
 *   Styles only from our files, and the first screen's stylesheet inlined in index.html, allowed
 *   by its hash: React's `style` props go through the CSSOM, which CSP does not restrict, so no
 *   'unsafe-inline' is needed. Media is served by /objects on our origin;
 *   blob:/data: cover recorded clips, canvas snapshots and file previews. Uploads PUT straight
 *   to the object store, whose origin connect-src names.
 * - `docs` (/api/docs, swagger-ui): its own script files, but inline styles and data: images.
 * - `devPages` (/dev/..., /admin/queues, local development only): inline <style> blocks.
 */
export function buildPolicies(sources: SecurityHeadersSources): { app: string; docs: string; devPages: string } {
  const publicUrl = new URL(sources.config.PUBLIC_URL);
  const socket = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  const store = new URL(sources.storage.publicUrlOf('upload')).origin;
  const stripe = sources.config.STRIPE_PUBLISHABLE_KEY !== undefined;
  const locked: Directives = {
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  const app: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(stripe ? STRIPE.script : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(sources.inlineStyleHashes ?? [])],
    'img-src': ["'self'", 'blob:', 'data:', ...(stripe ? ['https://*.stripe.com'] : [])],
    'media-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      socket,
      ...(store === publicUrl.origin ? [] : [store]),
      ...(stripe ? STRIPE.connect : []),
    ],
    'worker-src': ["'self'"],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    'manifest-src': ["'self'"],
    ...locked,
  };
  const docs: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    ...locked,
  };
  const devPages: Directives = { ...docs };
  return { app: serialize(app), docs: serialize(docs), devPages: serialize(devPages) };
}

/** Camera and microphone for the client's own documents only (see isClientDocument); the other powerful features nowhere. */
const DENIED = ['geolocation=()', 'payment=()', 'usb=()', 'display-capture=()'];
export const PERMISSIONS = {
  clientPage: ['camera=(self)', 'microphone=(self)', ...DENIED].join(', '),
  other: ['camera=()', 'microphone=()', ...DENIED].join(', '),
};

const isDocsPath = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');
const isDevPagePath = (path: string) =>
  path.startsWith('/dev/') || path === '/admin/queues' || path.startsWith('/admin/queues/');

/**
 * The web client is one document for all its screens: wouter moves between /, /go-live,
 * /stream/:id (duets) and /video-editor without loading a new document, and a Permissions-Policy
 * holds for the document's life. So the client's HTML (index.html, at any client path) allows
 * camera and microphone for our own origin, and every other answer (API, media, docs, dev pages)
 * allows neither. A per-path policy would break going live after arriving on any other page.
 */
function isClientDocument(route: string, reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html') && !isDocsPath(route) && !isDevPagePath(route);
}

/**
 * Security headers on every answer (pages, API, files, errors and 404s), set in one onSend hook
 * registered before any route: CSP, Referrer-Policy, Permissions-Policy, COOP, nosniff,
 * X-Frame-Options for old browsers, and HSTS only over TLS. Referrer-Policy is
 * strict-origin-when-cross-origin, not no-referrer: with no-referrer browsers send `Origin: null`
 * on same-origin POSTs, which the same-origin check refuses.
 */
export function registerSecurityHeaders(app: FastifyInstance, sources: SecurityHeadersSources): void {
  const policies = buildPolicies(sources);
  const hsts = sources.config.HSTS_MAX_AGE_SECONDS > 0 ? `max-age=${sources.config.HSTS_MAX_AGE_SECONDS}` : null;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Judged by the route that answered, never the raw URL: the client's index.html answers any
    // unknown path (/dev/anything included) and always gets the client's policy.
    const route = request.routeOptions.url ?? '';
    const policy = isDocsPath(route) ? policies.docs : isDevPagePath(route) ? policies.devPages : policies.app;
    const tls = request.protocol === 'https';
    reply.header('content-security-policy', tls ? `${policy}; upgrade-insecure-requests` : policy);
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', isClientDocument(route, reply) ? PERMISSIONS.clientPage : PERMISSIONS.other);
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    if (tls && hsts) reply.header('strict-transport-security', hsts);
    return payload;
  });
}
