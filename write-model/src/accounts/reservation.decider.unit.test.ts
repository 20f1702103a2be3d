import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../commands/decider-testing.ts';
import {
  emailReservation,
  usernameReservation,
  type ReservationCommand,
  type ReservationHolder,
} from './reservation.decider.ts';

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const now = new Date('2026-01-01T12:00:00Z');
const ORPHAN_MS = 600_000;

const reserve = (
  userId: string,
  holder: ReservationHolder | null = null,
  requestFingerprint: string | null = null,
): ReservationCommand => ({
  type: 'Reserve',
  userId,
  requestFingerprint,
  now,
  orphanAfterMs: ORPHAN_MS,
  holder,
});
const heldBy = (
  userId: string,
  ageMs: number,
  registered: boolean,
  requestFingerprint: string | null = null,
  deletedAgoMs: number | null = null,
): ReservationHolder => ({
  userId,
  reservedAt: new Date(now.getTime() - ageMs),
  requestFingerprint,
  registered,
  deletedAt: deletedAgoMs === null ? null : new Date(now.getTime() - deletedAgoMs),
});
const DAY_MS = 24 * 3600 * 1000;

describe('reservation deciders', () => {
  const spec = deciderSpec(usernameReservation('jane'));
  const reserved = (userId: string) => ({ type: 'UsernameReserved' as const, data: { username: 'jane', userId } });
  const released = (userId: string) => ({ type: 'UsernameReleased' as const, data: { username: 'jane', userId } });

  it('a free name is reserved for the first user', () => {
    spec
      .given()
      .when(reserve(alice))
      .then([reserved(alice)]);
  });

  it('a held name is refused to anyone else with 409 naming the field', () => {
    spec
      .given(reserved(alice))
      .when(reserve(bob, heldBy(alice, 1_000, false)))
      .thenRefuses({
        code: 'username_taken',
        status: 409,
        field: 'username',
        message: 'This username is already taken',
      });
  });

  it('reserving again for the same user is a no-op (a retried registration)', () => {
    spec
      .given(reserved(alice))
      .when(reserve(alice, heldBy(alice, 1_000, false, 'fp-1'), 'fp-1'))
      .then([]);
    spec.given(reserved(alice)).when(reserve(alice)).then([]);
  });

  it('the same user id (same Idempotency-Key) with another request fingerprint is refused with 422', () => {
    spec
      .given(reserved(alice))
      .when(reserve(alice, heldBy(alice, 1_000, false, 'fp-1'), 'fp-2'))
      .thenRefuses({
        code: 'idempotency_key_reused',
        status: 422,
        message: 'This Idempotency-Key was already used with a different request.',
      });
  });

  it('an orphaned reservation (holder never registered, older than the window) is released and taken', () => {
    spec
      .given(reserved(alice))
      .when(reserve(bob, heldBy(alice, ORPHAN_MS, false)))
      .then([released(alice), reserved(bob)]);
  });

  it('a reservation inside the window, or whose holder registered, or with stale facts, is not reclaimed', () => {
    spec
      .given(reserved(alice))
      .when(reserve(bob, heldBy(alice, ORPHAN_MS - 1, false)))
      .thenRefuses({ code: 'username_taken', status: 409 });
    spec
      .given(reserved(alice))
      .when(reserve(bob, heldBy(alice, ORPHAN_MS * 10, true)))
      .thenRefuses({ code: 'username_taken', status: 409 });
    // Facts about a previous holder say nothing about the current one.
    spec
      .given(reserved(alice))
      .when(reserve(bob, heldBy(bob, ORPHAN_MS * 10, false)))
      .thenRefuses({ code: 'username_taken', status: 409 });
    spec.given(reserved(alice)).when(reserve(bob, null)).thenRefuses({ code: 'username_taken', status: 409 });
  });

  it('a released name is free again; only the holder releases', () => {
    spec.given(reserved(alice)).when({ type: 'Release', userId: bob }).then([]);
    spec
      .given(reserved(alice))
      .when({ type: 'Release', userId: alice })
      .then([released(alice)]);
    spec
      .given(reserved(alice), released(alice))
      .when(reserve(bob))
      .then([reserved(bob)]);
    expect(spec.given(reserved(alice), released(alice)).state()).toEqual({ holder: null });
  });

  it("a deleted account's username stays taken for 30 days, then goes to the next user who asks", () => {
    const longAgo = 400 * DAY_MS;
    spec
      .given(reserved(alice))
      .when(reserve(bob, heldBy(alice, longAgo, true, null, 30 * DAY_MS - 1)))
      .thenRefuses({ code: 'username_taken', status: 409 });
    spec
      .given(reserved(alice))
      .when(reserve(bob, heldBy(alice, longAgo, true, null, 30 * DAY_MS)))
      .then([released(alice), reserved(bob)]);
  });

  it("a deleted account's email is free at once", () => {
    const emailReserved = (userId: string) => ({
      type: 'EmailReserved' as const,
      data: { email: 'jane@example.com', userId },
    });
    const emailReleased = (userId: string) => ({
      type: 'EmailReleased' as const,
      data: { email: 'jane@example.com', userId },
    });
    deciderSpec(emailReservation('jane@example.com'))
      .given(emailReserved(alice))
      .when(reserve(bob, heldBy(alice, 1_000, true, null, 0)))
      .then([emailReleased(alice), emailReserved(bob)]);
  });

  it('emails have their own message', () => {
    deciderSpec(emailReservation('jane@example.com'))
      .given({ type: 'EmailReserved', data: { email: 'jane@example.com', userId: alice } })
      .when(reserve(bob, heldBy(alice, 0, false)))
      .thenRefuses({
        code: 'email_taken',
        field: 'email',
        status: 409,
        message: 'An account with this email already exists.',
      });
  });
});
