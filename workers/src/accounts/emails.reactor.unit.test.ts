import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@myworld/eventstore';
import { emailJobsFor } from './emails.reactor.ts';

const userId = '11111111-1111-4111-8111-111111111111';
const tokenId = '22222222-2222-4222-8222-222222222222';
const now = new Date('2025-06-01T10:00:00.000Z');
const tokenHash = 'a'.repeat(64);

function recorded(id: string, type: string, data: unknown): RecordedEvent {
  return {
    id,
    type,
    data,
    metadata: {
      actorId: null,
      correlationId: 'c',
      causationId: null,
      requestId: null,
      client: null,
      timestamp: now.toISOString(),
    },
    stream: `user-${userId}`,
    version: 0n,
    position: { commit: 1n, prepare: 1n },
    createdAt: now,
  };
}

describe('accounts email reactor (events -> jobs)', () => {
  it('makes one job per token event, with the event id, and none for other or unknown events or expired tokens', () => {
    const later = '2025-06-01T11:00:00.000Z';
    const jobs = emailJobsFor(
      [
        recorded('33333333-3333-4333-8333-333333333333', 'UserRegistered', {
          unread: 'events of other types are skipped without parsing',
        }),
        recorded('77777777-7777-4777-8777-777777777777', 'SomeFutureEvent', {}),
        recorded('44444444-4444-4444-8444-444444444444', 'EmailVerificationRequested', {
          userId,
          email: 'a@b.co',
          reason: 'registered',
          tokenId,
          tokenHash,
          expiresAt: later,
        }),
        recorded('55555555-5555-4555-8555-555555555555', 'PasswordResetRequested', {
          userId,
          email: 'a@b.co',
          tokenId,
          tokenHash,
          expiresAt: later,
        }),
        recorded('66666666-6666-4666-8666-666666666666', 'PasswordResetRequested', {
          userId,
          email: 'a@b.co',
          tokenId,
          tokenHash,
          expiresAt: now.toISOString(),
        }),
      ],
      now,
    );
    expect(jobs).toEqual([
      {
        kind: 'verify-email',
        eventId: '44444444-4444-4444-8444-444444444444',
        userId,
        to: 'a@b.co',
        tokenId,
        expiresAt: later,
      },
      {
        kind: 'reset-password',
        eventId: '55555555-5555-4555-8555-555555555555',
        userId,
        to: 'a@b.co',
        tokenId,
        expiresAt: later,
      },
    ]);
  });

  it('a sign-in lock for new devices mails its owner while the lock lasts, and not after', () => {
    const until = '2025-06-01T11:00:00.000Z';
    const lock = (lockedUntil: string) =>
      recorded('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'SignInLockedForNewDevices', {
        userId,
        email: 'a@b.co',
        failedAttempts: 20,
        lockedAt: now.toISOString(),
        lockedUntil,
      });
    expect(emailJobsFor([lock(until)], now)).toEqual([
      {
        kind: 'sign-in-locked',
        eventId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
        userId,
        to: 'a@b.co',
        failedAttempts: 20,
        lockedUntil: until,
        expiresAt: until,
      },
    ]);
    expect(emailJobsFor([lock(now.toISOString())], now)).toEqual([]);
  });

  it('an email change mails its link to the new address, and a notice to the old one for a day after the change', () => {
    const later = '2025-06-01T11:00:00.000Z';
    const change = recorded('99999999-9999-4999-8999-999999999999', 'EmailChangeRequested', {
      userId,
      newEmail: 'new@b.co',
      tokenId,
      tokenHash,
      expiresAt: later,
    });
    const changed = (changedAt: string) =>
      recorded('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'EmailChanged', {
        userId,
        previousEmail: 'a@b.co',
        email: 'new@b.co',
        changedAt,
      });
    expect(emailJobsFor([change, changed(now.toISOString())], now)).toEqual([
      {
        kind: 'confirm-email-change',
        eventId: '99999999-9999-4999-8999-999999999999',
        userId,
        to: 'new@b.co',
        tokenId,
        expiresAt: later,
      },
      {
        kind: 'email-changed',
        eventId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        userId,
        to: 'a@b.co',
        newEmail: 'new@b.co',
        expiresAt: '2025-06-02T10:00:00.000Z',
      },
    ]);
    expect(emailJobsFor([changed('2025-05-31T10:00:00.000Z')], now)).toEqual([]);
  });

  it('mails nobody for a deleted account (its address reads as its redaction)', () => {
    const later = '2025-06-01T11:00:00.000Z';
    const email = `deleted-${userId}@deleted.invalid`;
    const jobs = emailJobsFor(
      [
        recorded('88888888-8888-4888-8888-888888888888', 'PasswordResetRequested', {
          userId,
          email,
          tokenId,
          tokenHash,
          expiresAt: later,
        }),
      ],
      now,
    );
    expect(jobs).toEqual([]);
  });

  it('refuses an event whose payload does not match its schema', () => {
    expect(() =>
      emailJobsFor([recorded('44444444-4444-4444-8444-444444444444', 'PasswordResetRequested', { userId })], now),
    ).toThrow();
  });
});
