import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EventMetadata } from '@myworld/schemas';
import type { CommandContext } from '@myworld/write-model';
import { DomainError, requestFingerprint } from '@myworld/write-model';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

export function userAgentClass(userAgent: string | undefined): NonNullable<EventMetadata['client']>['userAgentClass'] {
  if (!userAgent) return 'unknown';
  if (/bot|crawler|spider|headlesschrome/i.test(userAgent)) return 'bot';
  if (/curl|wget|httpie|node|undici|python-requests/i.test(userAgent)) return 'cli';
  if (/mobile|android|iphone|ipad/i.test(userAgent)) return 'mobile';
  if (/mozilla|chrome|safari|firefox|edg/i.test(userAgent)) return 'browser';
  return 'unknown';
}

function header(request: FastifyRequest, name: string): string | null {
  const v = request.headers[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null;
}

/**
 * Whether the request came through a proxy TRUST_PROXY names, which named the client in
 * X-Forwarded-For: only then are the edge's headers (country, correlation) believed. Fastify
 * defines `request.ips` only under trustProxy, and lists more than the socket's address only when
 * that address is a trusted proxy; without TRUST_PROXY a client could write them itself.
 */
export function viaTrustedProxy(request: FastifyRequest): boolean {
  const ips = request.ips;
  return Array.isArray(ips) && ips.length > 1;
}

/** A header the trusted edge sets; null when the request did not come through it. */
function edgeHeader(request: FastifyRequest, name: string): string | null {
  return viaTrustedProxy(request) ? header(request, name) : null;
}

const EDGE_REQUEST_ID = /^[\w.:-]{1,100}$/;

/** The edge's X-Request-Id, believed only through a trusted proxy (else a client could pick ids that collide in logs and metadata). */
export function edgeRequestId(request: FastifyRequest): string | null {
  const id = edgeHeader(request, 'x-request-id');
  return id !== null && EDGE_REQUEST_ID.test(id) ? id : null;
}

/** A trusted edge's X-Request-Id goes into the request's log lines beside our own id. */
export function registerEdgeRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const edgeId = edgeRequestId(request);
    if (edgeId) request.log = request.log.child({ edgeRequestId: edgeId });
  });
}

/** Where a request comes from, for event metadata (the edge sets the country where it knows it). */
export function clientInfo(request: FastifyRequest): NonNullable<EventMetadata['client']> {
  return {
    userAgentClass: userAgentClass(request.headers['user-agent']),
    country: edgeHeader(request, 'cf-ipcountry') ?? edgeHeader(request, 'x-country'),
  };
}

/** Metadata every event of this request carries: who, why (correlation/causation), from where. */
export function eventMetadata(request: FastifyRequest, actorId: string | null): EventMetadata {
  const requestId = edgeRequestId(request) ?? request.id ?? randomUUID();
  return {
    actorId,
    correlationId: edgeHeader(request, 'x-correlation-id') ?? requestId,
    causationId: edgeHeader(request, 'x-causation-id'),
    requestId,
    client: clientInfo(request),
    timestamp: new Date().toISOString(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Keys the request fingerprints bound to Idempotency-Keys (TOKEN_SECRET; see registerIdempotency). */
    idempotencySecret: string;
  }
}

/** Gives commandContext the secret its request fingerprints are keyed with (app.ts passes TOKEN_SECRET). */
export function registerIdempotency(app: FastifyInstance, secret: string): void {
  app.decorate('idempotencySecret', secret);
}

/**
 * The context for a command: metadata plus the Idempotency-Key, scoped to the actor, and bound to
 * this request's fingerprint (method, route pattern, canonical body) so a reuse with another
 * request is refused with 422.
 */
export function commandContext(request: FastifyRequest, actorId: string | null): CommandContext {
  const raw = request.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw : null;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    throw new DomainError(
      'validation_failed',
      'Idempotency-Key must be 8-128 characters of letters, digits, ".", "_", ":" or "-"',
      400,
      'Idempotency-Key',
    );
  }
  let fingerprint: string | null = null;
  if (key !== null) {
    const secret = request.server.idempotencySecret;
    if (!secret)
      throw new Error('registerIdempotency(app, secret) was not called: Idempotency-Keys cannot be fingerprinted');
    // The path's parameters are part of the request: one key used on /posts/A and then /posts/B is
    // another request (422), not a replay of A. Routes without parameters keep their old fingerprints.
    const params =
      request.params && typeof request.params === 'object' && Object.keys(request.params).length > 0
        ? request.params
        : null;
    fingerprint = requestFingerprint(
      secret,
      request.method,
      request.routeOptions.url ?? request.url,
      params ? { params, body: request.body } : request.body,
    );
  }
  return {
    metadata: eventMetadata(request, actorId),
    idempotencyKey: key,
    idempotencyScope: actorId ?? 'anonymous',
    requestFingerprint: fingerprint,
  };
}
