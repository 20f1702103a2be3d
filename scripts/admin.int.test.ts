import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, rolesStreamName } from '@myworld/schemas';
import { runAdminCommand, type AdminOutcome } from './admin-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** `npm run admin -- ...` as an operator runs it on the server, against a test database: once from the shell, the rest in this process. */
describe('npm run admin (staff roles from the shell)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const operator = `cli:${userInfo().username}`;

  beforeAll(async () => {
    database = await createTestDatabase('admin_cli');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  /** A user registered as accounts registers one: the username reserved, then the user stream. */
  async function registered(username: string): Promise<string> {
    const userId = randomUUID();
    await store.append(ACCOUNTS_STREAMS.username(username), expected.noStream, [
      { id: randomUUID(), type: 'UsernameReserved', data: { username, userId }, metadata: testMetadata() },
    ]);
    await store.append(ACCOUNTS_STREAMS.user(userId), expected.noStream, [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId,
          username,
          firstName: 'Op',
          lastName: 'Erator',
          email: `${username}@example.test`,
          birthDate: '1990-01-01',
          passwordHash: 'x',
          registeredAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    return userId;
  }

  /** One admin command as the script runs it, in this process (scripts/admin-command.ts). */
  function admin(...args: string[]): Promise<AdminOutcome> {
    return runAdminCommand(args, {
      operator: userInfo().username,
      openStore: async () => new PostgresEventStore({ connectionString: database.url }),
    });
  }

  /** Runs the root package's `admin` script as an operator does; resolves with the exit code and output whatever the code. */
  async function npmRunAdmin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const { EVENTSTORE_URL: _unused, ...env } = process.env;
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
        cwd: root,
        env: { ...env, DATABASE_URL: database.url },
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('`npm run admin` runs it from the shell: the outcome on stdout and exit 0; a wrong call exits 2 with the usage', async () => {
    const userId = await registered('shell_admin');
    const granted = await npmRunAdmin('grant', 'analyst', 'shell_admin');
    expect(granted).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(
        `admin: granted analyst to @shell_admin (user ${userId}, by ${operator}); roles now: analyst`,
      ),
    });
    expect((await store.readStream(rolesStreamName(userId))).map((e) => e.type)).toEqual(['RoleGranted']);
    expect(await npmRunAdmin('promote', 'admin', 'shell_admin')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run admin -- grant <role> <username>'),
    });
  }, 120_000);

  it('grant appends RoleGranted with the operator as actor and says what it did; a repeat records nothing', async () => {
    const userId = await registered('first_admin');
    const granted = await admin('grant', 'admin', 'First_Admin');
    expect(granted).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(
        `admin: granted admin to @first_admin (user ${userId}, by ${operator}); roles now: admin`,
      ),
    });
    const events = await store.readStream(rolesStreamName(userId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'RoleGranted',
      data: { userId, role: 'admin', grantedBy: operator },
      metadata: { actorId: operator, client: { userAgentClass: 'cli', country: null } },
    });

    const again = await admin('grant', 'admin', 'first_admin');
    expect(again).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('@first_admin already holds admin; nothing recorded'),
    });
    expect(await store.readStream(rolesStreamName(userId))).toHaveLength(1);
  }, 120_000);

  it('revoke appends RoleRevoked, even of an admin role (the operator path); revoking a role not held fails', async () => {
    const userId = await registered('leaving_admin');
    expect((await admin('grant', 'admin', 'leaving_admin', '--reason', 'night shift')).code).toBe(0);
    expect((await store.readStream(rolesStreamName(userId)))[0]!.data).toMatchObject({
      role: 'admin',
      reason: 'night shift',
    });
    const revoked = await admin('revoke', 'admin', 'leaving_admin');
    expect(revoked).toMatchObject({ code: 0, stdout: expect.stringContaining('revoked admin from @leaving_admin') });
    expect((await store.readStream(rolesStreamName(userId))).at(-1)).toMatchObject({
      type: 'RoleRevoked',
      data: { userId, role: 'admin', revokedBy: operator },
      metadata: { actorId: operator },
    });
    const notHeld = await admin('revoke', 'admin', 'leaving_admin');
    expect(notHeld).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('admin: The user does not hold this role'),
    });
  }, 120_000);

  it('exits non-zero with a clear message on an unknown user, an unknown role or a wrong call, and records nothing', async () => {
    const head = await store.headPosition();
    expect(await admin('grant', 'moderator', 'nobody_here')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('admin: User not found: nobody_here'),
    });
    expect(await admin('grant', 'superuser', 'first_admin')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('admin: unknown role "superuser"; roles: moderator, analyst, admin'),
    });
    expect(await admin('promote', 'admin', 'first_admin')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run admin -- grant <role> <username>'),
    });
    expect(await store.headPosition()).toEqual(head);
  }, 120_000);
});
