import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { Role } from '@myworld/schemas';
import { noRoles, registerAuth, requireRouteAuth, type RoleDirectory } from './auth.ts';
import { registerErrorHandler } from './error-handler.ts';

/** An app with the auth rules, where the `x-test-user` header plays the session. */
function appWithAuth(roles: RoleDirectory = noRoles) {
  const app = Fastify();
  registerErrorHandler(app);
  requireRouteAuth(app);
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    const user = request.headers['x-test-user'];
    request.userId = typeof user === 'string' ? user : null;
  });
  registerAuth(app, roles);
  for (const auth of ['visitor', 'user', 'moderator', 'analyst', 'admin'] as const) {
    app.get(`/${auth}`, { config: { auth } }, async () => ({ ok: true }));
  }
  return app;
}

describe('route auth', () => {
  it('registering a route that does not say who may call it throws at start-up', () => {
    const app = Fastify();
    requireRouteAuth(app);
    expect(() => app.get('/forgot', async () => 'x')).toThrow(
      "route GET /forgot does not say who may call it: set config.auth to one of 'visitor', 'user', 'moderator', 'analyst', 'admin', 'owner-or-analyst'",
    );
    expect(() => app.post('/misspelt', { config: { auth: 'superuser' as never } }, async () => 'x')).toThrow(
      /POST \/misspelt does not say who may call it/,
    );
    expect(() => app.get('/fine', { config: { auth: 'visitor' } }, async () => 'x')).not.toThrow();
    expect(() => app.get('/ownerless', { config: { auth: 'owner-or-analyst' } }, async () => 'x')).toThrow(
      /\/ownerless is owner-or-analyst but has no :userId/,
    );
  });

  it('visitors get 401 JSON on user and role routes; visitor routes are open to all', async () => {
    const app = appWithAuth();
    expect((await app.inject({ method: 'GET', url: '/visitor' })).statusCode).toBe(200);
    for (const url of ['/user', '/moderator', '/analyst', '/admin']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'unauthorized', message: 'Please sign in first.' });
    }
  });

  it('a user passes user routes and gets 403 JSON on a role they do not hold (nobody holds one by default)', async () => {
    const app = appWithAuth();
    const as = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-test-user': 'u1' } });
    expect((await as('/user')).statusCode).toBe(200);
    expect((await as('/visitor')).statusCode).toBe(200);
    const refused = await as('/moderator');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'You do not have permission to do this.' });
    expect((await as('/analyst')).statusCode).toBe(403);
    expect((await as('/admin')).statusCode).toBe(403);
  });

  it('a user holding the role passes its routes, and only those', async () => {
    const roles: RoleDirectory = {
      rolesOf: async (userId): Promise<Role[]> => (userId === 'mod' ? ['moderator'] : []),
    };
    const app = appWithAuth(roles);
    const as = (userId: string, url: string) => app.inject({ method: 'GET', url, headers: { 'x-test-user': userId } });
    expect((await as('mod', '/moderator')).statusCode).toBe(200);
    expect((await as('mod', '/analyst')).statusCode).toBe(403);
    expect((await as('mod', '/admin')).statusCode).toBe(403);
    expect((await as('someone', '/moderator')).statusCode).toBe(403);
  });

  it('owner-or-analyst: the user the :userId names, or an analyst; anyone else signed in gets 403', async () => {
    const roles: RoleDirectory = {
      rolesOf: async (userId): Promise<Role[]> =>
        userId === 'ana' ? ['analyst'] : userId === 'boss' ? ['admin', 'moderator'] : [],
    };
    const app = appWithAuth(roles);
    app.get('/owned/:userId', { config: { auth: 'owner-or-analyst' } }, async () => ({ ok: true }));
    const as = (userId: string | null, owner: string) =>
      app.inject({ method: 'GET', url: `/owned/${owner}`, headers: userId ? { 'x-test-user': userId } : {} });
    expect((await as(null, 'u1')).statusCode).toBe(401);
    expect((await as('u1', 'u1')).statusCode).toBe(200);
    expect((await as('ana', 'u1')).statusCode).toBe(200);
    const refused = await as('u2', 'u1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'You do not have permission to do this.' });
    expect((await as('boss', 'u1')).statusCode).toBe(403);
  });
});
