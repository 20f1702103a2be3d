import { expect, it } from 'vitest';
import type { Role } from '@myworld/schemas';
import type { AnyFeature } from '../feature.ts';

/** Who calls: nobody signed in, the user who owns what the call touches, or another signed-in user. */
export type Caller = 'visitor' | 'user' | 'otherUser';

export interface AccessRow<Client> {
  /**
   * Makes the route's call as `client`. `owner` is the signed-in user who owns what the call
   * touches (create it with `owner`; it is `client` itself when the caller is the user).
   */
  readonly call: (as: {
    readonly client: Client;
    readonly owner: Client;
    readonly caller: Caller;
  }) => Promise<{ statusCode: number }>;
  /** The status when the route lets the caller in (2xx, or 302 for a redirect). */
  readonly allowed: number;
  /** What another signed-in user gets, when not `allowed` (e.g. 403 on someone else's stream). */
  readonly otherUser?: number;
}

/** One row per route of the feature, keyed "METHOD /path" as the route declares it. */
export type AccessMatrix<Client> = Readonly<Record<string, AccessRow<Client>>>;

/** The callers of a matrix: a visitor, a signed-in user, and optionally users holding a staff role. */
export interface AccessClients<Client> {
  readonly visitor: () => Promise<Client>;
  readonly user: () => Promise<Client>;
  /** A signed-in user holding exactly this role, per role to test (e.g. admin). */
  readonly staff?: Partial<Record<Role, () => Promise<Client>>>;
}

/**
 * Tests who may call each route of `feature`, against its declared `config.auth`: a visitor gets
 * 401 on anything but a `visitor` route, a signed-in user without the route's role 403, and
 * otherwise the row's `allowed` status (`otherUser` for another user where it differs). Each
 * `staff` client gets `allowed` on a route of its role, 403 on another role's route, and what
 * another user gets elsewhere. On an `owner-or-analyst` route the owner and an analyst get
 * `allowed`, every other signed-in caller 403. A route without a row fails, so a new route cannot skip the matrix.
 */
export function testAccessMatrix<Client>(
  feature: AnyFeature,
  matrix: AccessMatrix<Client>,
  clients: AccessClients<Client>,
): void {
  const routes = feature.routes.map((route) => ({
    key: `${route.method} ${route.url}`,
    auth: route.config.auth as string,
  }));

  it(`has a row for every ${feature.name} route and none for a route it does not have`, () => {
    expect(Object.keys(matrix).sort()).toEqual(routes.map((r) => r.key).sort());
  });

  for (const { key, auth } of routes) {
    it(`${key} (${auth}): visitor / user / other user${clients.staff ? ` / ${Object.keys(clients.staff).join(' / ')}` : ''}`, async () => {
      const row = matrix[key];
      if (!row) throw new Error(`no access row for ${key}`);
      // owner-or-analyst: the owner and analysts are let in, anyone else signed in is refused.
      const ownerOrAnalyst = auth === 'owner-or-analyst';
      const isRole = auth !== 'visitor' && auth !== 'user' && !ownerOrAnalyst;
      const expected: Record<Caller, number> = {
        visitor: auth === 'visitor' ? row.allowed : 401,
        user: isRole ? 403 : row.allowed,
        otherUser: isRole || ownerOrAnalyst ? 403 : (row.otherUser ?? row.allowed),
      };
      const seen: Record<string, number> = {};
      for (const caller of ['visitor', 'user', 'otherUser'] as const) {
        const owner = await clients.user();
        const client =
          caller === 'user' ? owner : caller === 'visitor' ? await clients.visitor() : await clients.user();
        seen[caller] = (await row.call({ client, owner, caller })).statusCode;
      }
      const expectedAll: Record<string, number> = { ...expected };
      for (const [role, staff] of Object.entries(clients.staff ?? {})) {
        if (!staff) continue;
        expectedAll[role] =
          auth === role || (ownerOrAnalyst && role === 'analyst') ? row.allowed : isRole ? 403 : expected.otherUser;
        seen[role] = (
          await row.call({ client: await staff(), owner: await clients.user(), caller: 'otherUser' })
        ).statusCode;
      }
      expect(seen).toEqual(expectedAll);
    });
  }
}
