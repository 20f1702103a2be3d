import { describe, expect, it } from 'vitest';
import { idempotentEventId, uuidV5 } from './deterministic-id.ts';

describe('deterministic event ids', () => {
  it('matches the RFC 4122 version-5 test vector', () => {
    // uuid5(NAMESPACE_DNS, "www.example.com") from Python's uuid module
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('is stable for the same key and differs by scope, stream and index', () => {
    const a = idempotentEventId('user-1', 'key', 'post-1', 0);
    expect(idempotentEventId('user-1', 'key', 'post-1', 0)).toBe(a);
    expect(
      new Set([
        a,
        idempotentEventId('user-2', 'key', 'post-1', 0),
        idempotentEventId('user-1', 'key', 'post-2', 0),
        idempotentEventId('user-1', 'key', 'post-1', 1),
      ]).size,
    ).toBe(4);
  });
});
