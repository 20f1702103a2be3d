import { sql } from 'kysely';
import { defineProjection } from '../../projection.ts';

/**
 * The roles read model: which staff roles each user holds now, one row per held role, with who
 * granted it and when. The API's RoleDirectory reads it on every role route.
 */
export interface RolesDb {
  user_roles: { user_id: string; role: string; granted_by: string; reason: string | null; granted_at: Date };
}

export const rolesProjection = defineProjection<RolesDb>({
  name: 'roles',
  version: 1,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'user_roles')} (
        user_id text not null,
        role text not null,
        granted_by text not null,
        reason text,
        granted_at timestamptz not null,
        primary key (user_id, role)
      );
    `.execute(db);
  },
  handlers: {
    RoleGranted: async ({ db }, { data: d }) => {
      // The decider records a grant only for a role not held; a repeat would change nothing.
      await db
        .insertInto('user_roles')
        .values({
          user_id: d.userId,
          role: d.role,
          granted_by: d.grantedBy,
          reason: d.reason ?? null,
          granted_at: new Date(d.grantedAt),
        })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .execute();
    },
    RoleRevoked: async ({ db }, { data: d }) => {
      await db.deleteFrom('user_roles').where('user_id', '=', d.userId).where('role', '=', d.role).execute();
    },
  },
});
