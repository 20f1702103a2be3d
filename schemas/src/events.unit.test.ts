import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, InvalidEventError, readEvent, type DomainEvent } from './events.ts';

const USER = '0b6f3c1e-2a4d-4e8f-9c10-123456789abc';

describe('readEvent', () => {
  it('parses a known event into its typed payload', () => {
    const event = readEvent({ type: 'UserSignedIn', data: { userId: USER, signedInAt: '2025-08-17T10:00:00.000Z' } });
    expect(event).toEqual({ type: 'UserSignedIn', data: { userId: USER, signedInAt: '2025-08-17T10:00:00.000Z' } });
    // The union narrows by type: a misspelled type or field would not compile.
    if (event?.type === 'UserSignedIn') expect(event.data.signedInAt).toBe('2025-08-17T10:00:00.000Z');
  });

  it('answers null for a type no feature knows', () => {
    expect(readEvent({ type: 'SampleHappened', data: {} })).toBeNull();
    expect(readEvent({ type: 'toString', data: {} })).toBeNull();
  });

  it('throws a clear error on a bad payload of a known type', () => {
    const read = () =>
      readEvent({ type: 'LiveStreamEnded', data: { streamId: 's', endedBy: null, reason: 'bored', endedAt: 'x' } });
    expect(read).toThrow(InvalidEventError);
    expect(read).toThrow(/^event LiveStreamEnded has an invalid payload: reason: /);
  });

  it('knows every feature’s events', () => {
    expect(EVENT_TYPES).toEqual(
      expect.arrayContaining(['UserRegistered', 'EmailReleased', 'LiveStreamStarted', 'LiveStreamEnded']),
    );
    const handled = (event: DomainEvent): string => event.type;
    expect(
      handled({
        type: 'EmailVerified',
        data: { userId: USER, email: 'a@b.co', verifiedAt: '2025-08-17T10:00:00.000Z' },
      }),
    ).toBe('EmailVerified');
  });
});
