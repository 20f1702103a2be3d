import { describe, expect, it } from 'vitest';
import { fold } from '../commands/decider.ts';
import { emailReservation, usernameReservation } from './reservation.decider.ts';

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

describe('reservation deciders', () => {
  const decider = usernameReservation('jane');
  const given = (...events: ReturnType<typeof decider.decide>[number][]) => fold(decider, events);

  it('a free name is reserved for the first user', () => {
    expect(decider.decide({ type: 'Reserve', userId: alice }, given())).toEqual([{ type: 'UsernameReserved', data: { username: 'jane', userId: alice } }]);
  });

  it('a held name is refused to anyone else with 409 naming the field', () => {
    const held = given({ type: 'UsernameReserved', data: { username: 'jane', userId: alice } });
    expect(() => decider.decide({ type: 'Reserve', userId: bob }, held)).toThrow(
      expect.objectContaining({ code: 'username_taken', status: 409, field: 'username', message: 'This username is already taken' }),
    );
  });

  it('reserving again for the same user is a no-op (a retried registration)', () => {
    const held = given({ type: 'UsernameReserved', data: { username: 'jane', userId: alice } });
    expect(decider.decide({ type: 'Reserve', userId: alice }, held)).toEqual([]);
  });

  it('a released name is free again; only the holder releases', () => {
    const held = given({ type: 'UsernameReserved', data: { username: 'jane', userId: alice } });
    expect(decider.decide({ type: 'Release', userId: bob }, held)).toEqual([]);
    expect(decider.decide({ type: 'Release', userId: alice }, held)).toEqual([{ type: 'UsernameReleased', data: { username: 'jane', userId: alice } }]);
    const released = given({ type: 'UsernameReserved', data: { username: 'jane', userId: alice } }, { type: 'UsernameReleased', data: { username: 'jane', userId: alice } });
    expect(decider.decide({ type: 'Reserve', userId: bob }, released)).toEqual([{ type: 'UsernameReserved', data: { username: 'jane', userId: bob } }]);
  });

  it('emails have their own message', () => {
    const email = emailReservation('jane@example.com');
    const held = fold(email, [{ type: 'EmailReserved', data: { email: 'jane@example.com', userId: alice } }]);
    expect(() => email.decide({ type: 'Reserve', userId: bob }, held)).toThrow(expect.objectContaining({ code: 'email_taken', field: 'email', status: 409 }));
  });
});
