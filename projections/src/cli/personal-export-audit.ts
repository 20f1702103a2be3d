import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { analyticsAccessStreamName, operatorActor } from '@myworld/schemas';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { activeGeneration } from '../generations.ts';
import type { UsersDb } from '../read-models/users/users.projection.ts';
import type { RolesDb } from '../read-models/roles/roles.projection.ts';
import { rolesOfUser } from '../read-models/roles/roles.queries.ts';

/** Roles that may export the log with its personal fields readable. */
const MAY_EXPORT_PERSONAL = new Set(['analyst', 'admin']);

export class PersonalExportRefused extends Error {}

export interface PersonalExportScope {
  readonly from: Date;
  readonly to: Date;
  readonly types?: readonly string[] | undefined;
}

/**
 * Before an export with personal fields writes anything: `username` must hold the analyst or admin
 * role now (users and roles read models), and PersonalDataExported is appended to their audit
 * stream. Throws PersonalExportRefused, naming why, otherwise. Returns the staff member's user id.
 */
export async function authorizePersonalExport(
  db: Kysely<any>,
  store: EventStore,
  request: { username: string; scope: PersonalExportScope; operator: string },
): Promise<string> {
  const users = await activeGeneration(db, 'users');
  const roles = await activeGeneration(db, 'roles');
  if (!users || !roles)
    throw new PersonalExportRefused(
      '--include-personal: the users and roles read models are not built yet; start the projections first',
    );
  const user = await (db as Kysely<UsersDb>)
    .withSchema(users.schemaName)
    .selectFrom('users')
    .select('id')
    .where('username', '=', request.username.toLowerCase())
    .executeTakeFirst();
  if (!user) throw new PersonalExportRefused(`--include-personal: no user named "${request.username}"`);
  const held = await rolesOfUser((db as Kysely<RolesDb>).withSchema(roles.schemaName), user.id);
  if (!held.some((r) => MAY_EXPORT_PERSONAL.has(r)))
    throw new PersonalExportRefused(`--include-personal: @${request.username} is not an analyst or admin`);
  const now = new Date().toISOString();
  const { scope } = request;
  await store.append(analyticsAccessStreamName(user.id), expected.any, [
    {
      id: randomUUID(),
      type: 'PersonalDataExported',
      data: {
        exportedBy: user.id,
        username: request.username.toLowerCase(),
        scope: {
          from: scope.from.toISOString(),
          to: scope.to.toISOString(),
          types: scope.types ? [...scope.types] : null,
        },
        exportedAt: now,
      },
      metadata: {
        actorId: operatorActor(request.operator),
        correlationId: randomUUID(),
        causationId: null,
        requestId: null,
        client: null,
        timestamp: now,
      },
    },
  ]);
  return user.id;
}
