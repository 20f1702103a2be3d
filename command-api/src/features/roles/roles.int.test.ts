import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { rolesProjection, usersProjection } from '@myworld/projections';
import { rolesStreamName } from '@myworld/schemas';
import { appendRoleGranted } from './roles.testing.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

/** Granting and revoking roles through the admin routes, with the product's RoleDirectory (the roles read model). */
describe('roles: admins grant and revoke staff roles', () => {
  let h: Harness;
  let boss: SignedInUser;
  let asBoss: TestClient;
  beforeAll(async () => {
    h = await startHarness({ label: 'roles', projections: [usersProjection, rolesProjection] });
    boss = await h.api.signedInUser();
    await appendRoleGranted(h.store, boss.userId, 'admin');
    await caughtUp();
    asBoss = h.client({ cookie: boss.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function caughtUp() {
    expect(await readModelsCaughtUp(h, ['users', 'roles'])).toBe(true);
  }
  const someone = async () => {
    const user = await h.api.signedInUser();
    await caughtUp();
    return user;
  };
  const revoke = (client: TestClient, body: object, headers: Record<string, string> = {}) =>
    client.request({ method: 'DELETE', url: '/api/admin/roles', payload: body, headers });
  /** Polls GET /api/auth/user until `check` holds (roles are cached up to 2 s per API instance). */
  async function eventuallyRoles(client: TestClient, expected: string[]): Promise<number> {
    const started = Date.now();
    for (;;) {
      const roles = (await client.get('/api/auth/user')).json().roles as string[];
      if (JSON.stringify(roles) === JSON.stringify(expected) || Date.now() - started > 5_000) {
        expect(roles).toEqual(expected);
        return Date.now() - started;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a grant is a RoleGranted event by the admin; /api/auth/user carries the role within seconds and the role routes open', async () => {
    const ada = await someone();
    const asAda = h.client({ cookie: ada.cookie });
    expect((await asAda.get('/api/auth/user')).json()).toMatchObject({ id: ada.userId, roles: [] });
    expect((await asAda.get('/api/admin/roles')).statusCode).toBe(403);

    const granted = await asBoss.post('/api/admin/roles', {
      username: ada.username.toUpperCase(),
      role: 'admin',
      reason: 'runs the team',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      userId: ada.userId,
      username: ada.username,
      roles: ['admin'],
      position: expect.any(String),
    });
    const events = await h.store.readStream(rolesStreamName(ada.userId));
    expect(events.map((e) => [e.type, e.data, e.metadata.actorId])).toEqual([
      [
        'RoleGranted',
        {
          userId: ada.userId,
          role: 'admin',
          grantedBy: boss.userId,
          reason: 'runs the team',
          grantedAt: expect.any(String),
        },
        boss.userId,
      ],
    ]);

    await caughtUp();
    expect(await eventuallyRoles(asAda, ['admin'])).toBeLessThan(3_000);
    expect((await asAda.get('/api/admin/roles')).statusCode).toBe(200);
  });

  it('granting a role already held records nothing; an Idempotency-Key replays the first answer', async () => {
    const bob = await someone();
    const key = 'grant-bob-moderator-1';
    const first = await asBoss.post(
      '/api/admin/roles',
      { username: bob.username, role: 'moderator' },
      { 'idempotency-key': key },
    );
    const replay = await asBoss.post(
      '/api/admin/roles',
      { username: bob.username, role: 'moderator' },
      { 'idempotency-key': key },
    );
    expect(replay.json()).toEqual(first.json());
    const again = await asBoss.post('/api/admin/roles', { username: bob.username, role: 'moderator' });
    expect(again.json()).toMatchObject({ roles: ['moderator'], position: null });
    expect(await h.store.readStream(rolesStreamName(bob.userId))).toHaveLength(1);
    expect(
      (await asBoss.post('/api/admin/roles', { username: bob.username, role: 'analyst' }, { 'idempotency-key': key }))
        .statusCode,
    ).toBe(422);
  });

  it('lists the users holding roles with their usernames, newest first, a page at a time', async () => {
    const [c1, c2] = [await someone(), await someone()];
    await asBoss.post('/api/admin/roles', { username: c1.username, role: 'analyst' });
    await asBoss.post('/api/admin/roles', { username: c2.username, role: 'moderator' });
    await asBoss.post('/api/admin/roles', { username: c2.username, role: 'analyst' });
    await caughtUp();
    const first = await asBoss.get('/api/admin/roles?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().holders).toEqual([
      { userId: c2.userId, username: c2.username, roles: ['analyst', 'moderator'], since: expect.any(String) },
    ]);
    const second = await asBoss.get(`/api/admin/roles?limit=1&cursor=${first.json().nextCursor}`);
    expect(second.json().holders).toEqual([
      expect.objectContaining({ userId: c1.userId, username: c1.username, roles: ['analyst'] }),
    ]);
    const all = (await asBoss.get('/api/admin/roles')).json();
    expect(all.holders.map((x: { username: string }) => x.username)).toEqual(
      expect.arrayContaining([boss.username, c1.username, c2.username]),
    );
    expect(all.nextCursor).toBeNull();
  });

  it('a revoke is a RoleRevoked event and closes the role routes within seconds; revoking a role not held is 409', async () => {
    const dan = await someone();
    const asDan = h.client({ cookie: dan.cookie });
    await asBoss.post('/api/admin/roles', { username: dan.username, role: 'admin' });
    await caughtUp();
    await eventuallyRoles(asDan, ['admin']);
    const revoked = await revoke(asBoss, { username: dan.username, role: 'admin' });
    expect(revoked.json()).toMatchObject({ userId: dan.userId, roles: [] });
    expect((await h.store.readStream(rolesStreamName(dan.userId))).at(-1)).toMatchObject({
      type: 'RoleRevoked',
      data: { userId: dan.userId, role: 'admin', revokedBy: boss.userId },
    });
    await caughtUp();
    await eventuallyRoles(asDan, []);
    expect((await asDan.get('/api/admin/roles')).statusCode).toBe(403);
    expect((await revoke(asBoss, { username: dan.username, role: 'admin' })).json()).toEqual({
      error: 'role_not_held',
      field: 'role',
      message: 'The user does not hold this role',
    });
  });

  it('refuses an unknown username (404), an unknown role (400) and an admin revoking their own admin role (403)', async () => {
    expect(
      (await asBoss.post('/api/admin/roles', { username: 'nobody_by_this_name', role: 'moderator' })).json(),
    ).toEqual({ error: 'not_found', field: 'username', message: 'User not found' });
    expect((await revoke(asBoss, { username: 'nobody_by_this_name', role: 'moderator' })).statusCode).toBe(404);
    const unknownRole = await asBoss.post('/api/admin/roles', { username: boss.username, role: 'superuser' });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json()).toMatchObject({ error: 'validation_failed', field: 'role' });
    expect((await revoke(asBoss, { username: boss.username, role: 'admin' })).json()).toEqual({
      error: 'cannot_revoke_own_admin',
      field: 'role',
      message: 'You cannot revoke your own admin role',
    });
    expect(await h.store.readStream(rolesStreamName(boss.userId))).toHaveLength(1);
  });
});
