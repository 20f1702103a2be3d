import { createHash, randomUUID } from 'node:crypto';

/** Namespace for ids derived from an Idempotency-Key (a fixed random UUID). */
const IDEMPOTENCY_NAMESPACE = '6f1c2a8e-3b7d-4f0a-9c51-2d8e7b4a1f90';

/** RFC 4122 version-5 UUID: the same name in the same namespace always gives the same id. */
export function uuidV5(name: string, namespace = IDEMPOTENCY_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Ids for the events one command appends to one stream under an Idempotency-Key. */
export function idempotentEventId(scope: string, idempotencyKey: string, stream: string, index: number): string {
  return uuidV5(`${scope}\u0000${idempotencyKey}\u0000${stream}\u0000${index}`);
}

/**
 * The id of an aggregate a command creates (a stream, a post): derived from the Idempotency-Key
 * when there is one, so a retry names the same aggregate; random otherwise. `scope` is the
 * actor, `purpose` what is being created.
 */
export function newAggregateId(
  context: { readonly idempotencyKey?: string | null },
  scope: string,
  purpose: string,
): string {
  return context.idempotencyKey ? uuidV5(`${scope}\u0000${context.idempotencyKey}\u0000${purpose}`) : randomUUID();
}
