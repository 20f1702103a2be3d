import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { createDatabase } from '../../database.ts';
import { ensureRegistry } from '../../generations.ts';
import { rebuild } from '../../rebuild.ts';
import { usersProjection, type UsersDb } from './users.projection.ts';
import { currentUserById, isUsernameTaken, publicUsersById, usernamesById } from './users.queries.ts';

describe('users projection', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  const ids = [randomUUID(), randomUUID()];
  beforeAll(async () => {
    database = await createTestDatabase('users');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 3 });
    await ensureRegistry(db);
    const event = (type: string, data: unknown) => ({ id: randomUUID(), type, data, metadata: testMetadata() });
    for (const [i, userId] of ids.entries()) {
      await store.append(`user-${userId}`, expected.noStream, [
        event('UserRegistered', {
          userId,
          username: `user_${i}`,
          firstName: 'Jane',
          lastName: `Doe${i}`,
          email: `u${i}@example.test`,
          birthDate: '1990-04-01',
          passwordHash: 'scrypt$x',
          registeredAt: '2025-06-01T10:00:00.000Z',
        }),
      ]);
    }
    await store.append(`user-${ids[0]}`, expected.any, [
      event('EmailVerified', { userId: ids[0], email: 'u0@example.test', verifiedAt: '2025-06-01T11:00:00.000Z' }),
      event('PrivacySettingsChanged', { userId: ids[0], hideEngagement: true, hideActivity: false }),
      event('UserSignedIn', { userId: ids[0], signedInAt: '2025-06-01T12:00:00.000Z' }),
      event('UserSignedIn', { userId: ids[0], signedInAt: '2025-06-01T13:00:00.000Z' }),
    ]);
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
    await database.drop();
  });

  it('builds the User from the accounts events, with profile defaults', async () => {
    const { generation } = await rebuild({ store, db, projection: usersProjection });
    const users = db.withSchema(generation.schemaName) as unknown as Kysely<UsersDb>;
    expect(await currentUserById(users, ids[0]!)).toEqual({
      id: ids[0],
      username: 'user_0',
      firstName: 'Jane',
      lastName: 'Doe0',
      email: 'u0@example.test',
      bio: null,
      aboutMe: null,
      profileImageUrl: null,
      backgroundImageUrl: null,
      backgroundColor: '#ffffff',
      textColor: '#1f2937',
      hideEngagement: true,
      hideActivity: false,
      emailVerified: true,
    });
    const row = await users
      .selectFrom('users')
      .select(['sign_in_count', 'last_signed_in_at', 'birth_date'])
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row.sign_in_count).toBe(2);
    expect(row.last_signed_in_at?.toISOString()).toBe('2025-06-01T13:00:00.000Z');
    expect(await isUsernameTaken(users, 'user_1')).toBe(true);
    expect(await isUsernameTaken(users, 'user_9')).toBe(false);
    expect(await usernamesById(users, [ids[0]!, ids[1]!, randomUUID()])).toEqual(
      new Map([
        [ids[0], 'user_0'],
        [ids[1], 'user_1'],
      ]),
    );
    expect((await publicUsersById(users, [ids[1]!]))[0]).toMatchObject({ username: 'user_1', lastName: 'Doe1' });
    expect(Object.keys((await publicUsersById(users, [ids[1]!]))[0]!)).not.toContain('email');
  });

  it('a deleted account leaves at once (its email registers again); its username stays taken until released', async () => {
    const event = (type: string, data: unknown) => ({ id: randomUUID(), type, data, metadata: testMetadata() });
    const [gone, next, heir] = [randomUUID(), randomUUID(), randomUUID()];
    const registered = (userId: string, username: string, email = 'reused@example.test') =>
      event('UserRegistered', {
        userId,
        username,
        firstName: 'Jo',
        lastName: 'Roe',
        email,
        birthDate: '1990-04-01',
        passwordHash: 'x',
        registeredAt: '2025-06-02T10:00:00.000Z',
      });
    await store.append(`user-${gone}`, expected.noStream, [
      registered(gone, 'leaver'),
      event('AccountDeleted', { userId: gone, deletedAt: '2025-06-03T10:00:00.000Z' }),
    ]);
    await store.append(`user-${next}`, expected.noStream, [registered(next, 'newcomer')]);
    const build = async () =>
      db.withSchema(
        (await rebuild({ store, db, projection: usersProjection })).generation.schemaName,
      ) as unknown as Kysely<UsersDb>;

    const held = await build();
    expect(await currentUserById(held, gone)).toBeUndefined();
    expect(await currentUserById(held, next)).toMatchObject({ username: 'newcomer', email: 'reused@example.test' });
    expect(await isUsernameTaken(held, 'leaver')).toBe(true);

    await store.append('username-leaver', expected.any, [
      event('UsernameReleased', { username: 'leaver', userId: gone }),
    ]);
    expect(await isUsernameTaken(await build(), 'leaver')).toBe(false);
    await store.append(`user-${heir}`, expected.noStream, [registered(heir, 'leaver', 'heir@example.test')]);
    expect(await currentUserById(await build(), heir)).toMatchObject({ username: 'leaver' });
  });
});
