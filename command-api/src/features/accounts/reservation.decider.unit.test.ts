import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../platform/commands/decider-testing.ts';
import { emailReservation, usernameReservation } from './reservation.decider.ts';

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

describe('reservation deciders', () => {
  const spec = deciderSpec(usernameReservation('jane'));
  const reserved = (userId: string) => ({ type: 'UsernameReserved' as const, data: { username: 'jane', userId } });
  const released = (userId: string) => ({ type: 'UsernameReleased' as const, data: { username: 'jane', userId } });

  it('a free name is reserved for the first user', () => {
    spec.given().when({ type: 'Reserve', userId: alice }).then([reserved(alice)]);
  });

  it('a held name is refused to anyone else with 409 naming the field', () => {
    spec.given(reserved(alice)).when({ type: 'Reserve', userId: bob }).thenRefuses({ code: 'username_taken', status: 409, field: 'username', message: 'This username is already taken' });
  });

  it('reserving again for the same user is a no-op (a retried registration)', () => {
    spec.given(reserved(alice)).when({ type: 'Reserve', userId: alice }).then([]);
  });

  it('a released name is free again; only the holder releases', () => {
    spec.given(reserved(alice)).when({ type: 'Release', userId: bob }).then([]);
    spec.given(reserved(alice)).when({ type: 'Release', userId: alice }).then([released(alice)]);
    spec.given(reserved(alice), released(alice)).when({ type: 'Reserve', userId: bob }).then([reserved(bob)]);
    expect(spec.given(reserved(alice), released(alice)).state()).toEqual({ holder: null });
  });

  it('emails have their own message', () => {
    deciderSpec(emailReservation('jane@example.com'))
      .given({ type: 'EmailReserved', data: { email: 'jane@example.com', userId: alice } })
      .when({ type: 'Reserve', userId: bob })
      .thenRefuses({ code: 'email_taken', field: 'email', status: 409, message: 'An account with this email already exists.' });
  });
});
