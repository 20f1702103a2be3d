import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** A PostgreSQL server of its own (a throw-away cluster), for one test worker. */
export interface ScratchPostgres {
  /** Where this server's superuser may create databases (its `postgres` database). */
  readonly adminUrl: string;
  stop(): Promise<void>;
}

/** The newest installed server's binaries (Debian keeps them in /usr/lib/postgresql/<major>/bin), or PG_BINDIR. */
export function postgresBinaries(): string | undefined {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : undefined;
}

/**
 * Creates and starts a cluster in a temporary directory, tuned for tests: no fsync (nothing in it
 * must survive a crash of the machine) and its own socket directory. PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` user the Debian package created.
 */
export async function startScratchPostgres(bin: string): Promise<ScratchPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'myworld-test-pg-'));
  const asRoot = userInfo().uid === 0;
  const exec = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args);
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  await exec('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', 'start']);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
