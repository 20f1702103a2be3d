import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundledEntry } from './bundled-entry.ts';
import { REPO_ROOT } from './repo.ts';

/** The settings the workers process reads (workers/src/config.ts). */
export interface WorkersEnv {
  readonly DATABASE_URL: string;
  readonly REDIS_URL: string;
  readonly SMTP_URL: string;
  readonly PUBLIC_URL: string;
  readonly TOKEN_SECRET: string;
  readonly QUEUE_PREFIX: string;
  readonly OUTBOX_DIR: string;
  /** Default: info (the harness waits for the "workers running" line). */
  readonly LOG_LEVEL?: string;
  /** Any further setting (S3_BUCKET, MEDIA_JOB_LOCK_SECONDS...). */
  readonly [name: string]: string | undefined;
}

export interface WorkersProcess {
  readonly pid: number;
  /** Everything the process printed so far. */
  logs(): string;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the workers as the product runs them, a process of their own from the repository's root
 * configured by environment only (NODE_ENV=test), but from `workers/src/main.ts` bundled once per
 * test process (bundledEntry) rather than through tsx. Resolves once the process says it is
 * running; rejects with its output if it exits or stays silent for 60 s.
 */
export async function startWorkersProcess(env: WorkersEnv): Promise<WorkersProcess> {
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', await bundledEntry('workers/src/main.ts')],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 60_000;
  while (!output.includes('workers running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the workers process did not start:\n${output.slice(-4000)}`);
    }
    await sleep(50);
  }

  return {
    pid: child.pid!,
    logs: () => output,
    /** Kills it at once (SIGKILL), as a crash would, and waits for it to be gone. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(8_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
