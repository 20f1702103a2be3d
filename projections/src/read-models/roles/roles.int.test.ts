import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryCreator } from 'kysely';
import { expect as expected, type PostgresEventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { START, rolesStreamName, type Position, type Role, type RoleEvent } from '@myworld/schemas';
import type { ReadModels } from '../../query-side.ts';
import { startLiveReadModel, type LiveReadModel } from '../../testing/live-read-model.ts';
import { replayDifferences } from '../../testing/replay-differences.ts';
import { rolesProjection, type RolesDb } from './roles.projection.ts';
import { roleHoldersPage, rolesOfUser } from './roles.queries.ts';

describe('roles projection: the staff roles each user holds now', () => {
  let live: LiveReadModel;
  let store: PostgresEventStore;
  let readModels: ReadModels;
  let roles: QueryCreator<RolesDb>;
  let last: Position = START;
  const [ada, bob, cy, dee] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  const at = (minute: number) => `2026-11-26T06:${String(minute).padStart(2, '0')}:00.000Z`;
  const granted = (userId: string, role: Role, minute: number, reason?: string): RoleEvent => ({
    type: 'RoleGranted',
    data: { userId, role, grantedBy: 'cli:root', ...(reason ? { reason } : {}), grantedAt: at(minute) },
  });
  const revoked = (userId: string, role: Role, minute: number): RoleEvent => ({
    type: 'RoleRevoked',
    data: { userId, role, revokedBy: 'cli:root', revokedAt: at(minute) },
  });
  const append = async (userId: string, ...events: RoleEvent[]) => {
    last = (
      await store.append(
        rolesStreamName(userId),
        expected.any,
        events.map((e) => ({ id: randomUUID(), ...e, metadata: testMetadata() })),
      )
    ).position;
  };

  beforeAll(async () => {
    live = await startLiveReadModel('roles_rm', rolesProjection, 2);
    ({ store, readModels } = live);

    await append(ada, granted(ada, 'admin', 1, 'first admin'), granted(ada, 'moderator', 2));
    await append(bob, granted(bob, 'analyst', 3));
    await append(cy, granted(cy, 'moderator', 4), revoked(cy, 'moderator', 5));
    await append(
      dee,
      granted(dee, 'moderator', 6),
      revoked(dee, 'moderator', 7),
      granted(dee, 'moderator', 8),
      granted(dee, 'analyst', 9),
    );
    await append(bob, revoked(bob, 'analyst', 10), granted(bob, 'analyst', 11));
    expect(await readModels.waitFor('roles', last, 10_000)).toBe(true);
    roles = await readModels.query<RolesDb>('roles');
  });
  afterAll(async () => {
    await live?.stop();
  });

  it('keeps the roles held now: granted and not revoked since; none for a user never granted or revoked of all', async () => {
    expect(await rolesOfUser(roles, ada)).toEqual(['admin', 'moderator']);
    expect(await rolesOfUser(roles, bob)).toEqual(['analyst']);
    expect(await rolesOfUser(roles, cy)).toEqual([]);
    expect(await rolesOfUser(roles, dee)).toEqual(['analyst', 'moderator']);
    expect(await rolesOfUser(roles, randomUUID())).toEqual([]);
    expect(
      await roles
        .selectFrom('user_roles')
        .selectAll()
        .where('user_id', '=', ada)
        .where('role', '=', 'admin')
        .executeTakeFirst(),
    ).toMatchObject({ granted_by: 'cli:root', reason: 'first admin' });
  });

  it('pages the holders newest first by the oldest role they still hold', async () => {
    const first = await roleHoldersPage(roles, { limit: 2 });
    expect(first.holders).toEqual([
      { userId: bob, roles: ['analyst'], since: new Date(at(11)) },
      { userId: dee, roles: ['analyst', 'moderator'], since: new Date(at(8)) },
    ]);
    const rest = await roleHoldersPage(roles, { after: first.next!, limit: 2 });
    expect(rest).toEqual({
      holders: [{ userId: ada, roles: ['admin', 'moderator'], since: new Date(at(1)) }],
      next: null,
    });
  });

  it('a replay from 0 rebuilds the same table as the live projection', async () => {
    const { differences, rows } = await replayDifferences(live, rolesProjection, ['user_roles']);
    expect(rows).toEqual({ user_roles: 5 });
    expect(differences).toEqual({ user_roles: 0 });
  });
});
