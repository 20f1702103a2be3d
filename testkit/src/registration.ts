import { randomBytes } from 'node:crypto';

let counter = 0;

/** A valid, unique registration body (POST /api/auth/register). */
export function newRegistration(label = 'user') {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    email: `${label}.${n}@example.test`,
    username: `${label}_${n}`.slice(0, 30),
    birthDate: '1990-04-01',
    password: 'Secret123',
  };
}
