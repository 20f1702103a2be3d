import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createTestDatabase } from '@myworld/eventstore/testing';
import { openTestStorage } from '@myworld/storage/testing';
import { freePorts } from './free-port.ts';
import { openJournal } from './product-journal.ts';
import { TEST_PASSWORD_HASH_COST } from './password-hash-cost.ts';
import { REPO_ROOT } from './repo.ts';
import { startSmtpCapture, type Mailbox, type SmtpCapture } from './smtp-capture.ts';

/** What a test sees of a running product, in the process that started it or in another one. */
export interface ProductView {
  /** The first API instance's address (PUBLIC_URL). */
  readonly baseUrl: string;
  /** Every API instance's address, the first one's first (API_INSTANCES; one unless asked for more). */
  readonly apiUrls: readonly string[];
  readonly databaseUrl: string;
  readonly mail: Mailbox;
  /** Everything the product's processes printed so far. */
  readonly logs: () => string;
}

export interface RunningProduct extends ProductView {
  readonly mail: SmtpCapture;
  stop(): Promise<void>;
}

/**
 * Starts the whole product the way `npm start` runs it (scripts/run-all.ts: API + projections +
 * workers as child processes), against a fresh database, its own Redis database and a real SMTP
 * catcher, on a free port. For browser tests: the web client must be built (npm test's setup does it).
 * With `journal`, every email it sends and everything it prints are also written to files in that
 * directory (product-journal.ts), for test processes other than the one that started it.
 */
export async function startProduct(
  options: { env?: Record<string, string>; storage?: boolean; journal?: string; apiInstances?: number } = {},
): Promise<RunningProduct> {
  const apiInstances = options.apiInstances ?? 1;
  const journal = options.journal ? openJournal(options.journal) : undefined;
  const db = await createTestDatabase('e2e');
  // A bucket of its own when the test uploads (emptied and deleted at stop).
  const storage = options.storage ? await openTestStorage('e2e') : undefined;
  const mail = await startSmtpCapture(journal?.recordEmail);
  const ports = await freePorts(apiInstances);
  const apiUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const baseUrl = apiUrls[0]!;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(ports[0]),
    API_INSTANCES: String(apiInstances),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: db.url,
    // A Redis database of its own so queues and sessions never meet another test run's.
    REDIS_URL: `redis://127.0.0.1:6379/${8 + (process.pid % 8)}`,
    SMTP_URL: mail.url,
    ...(storage ? { S3_BUCKET: storage.config.S3_BUCKET } : {}),
    // Rendered by its own test; every product rendering it again would cost 20 s of CPU.
    BACKGROUND_CATALOGUE: 'false',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...options.env,
  };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { cwd: REPO_ROOT, env });

  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/run-all.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const print = (c: Buffer) => {
    output += c.toString();
    journal?.recordOutput(c);
    // A process of the product died (run-all restarts it): what led to it is printed where a CI
    // log keeps it, as the journal's files do not outlive a clean clone's run.
    if (/\[run-all\] \S+ exited/.test(c.toString())) console.error(`[product] a process died:\n${output.slice(-8000)}`);
  };
  child.stdout!.on('data', print);
  child.stderr!.on('data', print);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[product] run-all exited (${signal ?? code}):\n${output.slice(-8000)}`);
  });

  // Each API process starts on its own (tsx, its app, its connections): up to 90 s each on a busy machine.
  const deadline = Date.now() + 90_000 * apiInstances;
  const healthy = async (url: string) => (await fetch(`${url}/healthz`).catch(() => undefined))?.ok === true;
  for (;;) {
    if ((await Promise.all(apiUrls.map(healthy))).every(Boolean)) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      stopping = true; // the error below carries its output
      child.kill('SIGKILL');
      await mail.close();
      await db.drop();
      await storage?.drop();
      throw new Error(`the product did not become healthy:\n${output.slice(-4000)}`);
    }
    await sleep(200);
  }

  return {
    baseUrl,
    apiUrls,
    databaseUrl: db.url,
    mail,
    logs: () => output,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((r) => child.once('exit', r)), sleep(8_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await mail.close();
      await db.drop();
      await storage?.drop();
    },
  };
}
