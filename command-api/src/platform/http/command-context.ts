import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { EventMetadata } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';

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

/** Where a request comes from, for event metadata (the edge sets the country where it knows it). */
export function clientInfo(request: FastifyRequest): NonNullable<EventMetadata['client']> {
  return {
    userAgentClass: userAgentClass(request.headers['user-agent']),
    country: header(request, 'cf-ipcountry') ?? header(request, 'x-country'),
  };
}

/** Metadata every event of this request carries: who, why (correlation/causation), from where. */
export function eventMetadata(request: FastifyRequest, actorId: string | null): EventMetadata {
  return {
    actorId,
    correlationId: header(request, 'x-correlation-id') ?? request.id ?? randomUUID(),
    causationId: header(request, 'x-causation-id'),
    requestId: request.id,
    client: clientInfo(request),
    timestamp: new Date().toISOString(),
  };
}

/** The context for a command: metadata plus the Idempotency-Key, scoped to the actor. */
export function commandContext(request: FastifyRequest, actorId: string | null): CommandContext {
  const raw = request.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw : null;
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    throw new DomainError('validation_failed', 'Idempotency-Key must be 8-128 characters of letters, digits, ".", "_", ":" or "-"', 400, 'Idempotency-Key');
  }
  return { metadata: eventMetadata(request, actorId), idempotencyKey: key, idempotencyScope: actorId ?? 'anonymous' };
}
