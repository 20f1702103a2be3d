import { execFile } from 'node:child_process';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';

/** Where the contract suite finds a KurrentDB server, or why it cannot. */
export type KurrentDbLocation =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'docker' }
  | { readonly kind: 'none'; readonly reason: string };

const PROBE_DEADLINE_MS = 3_000;
const DOCKER_INFO_DEADLINE_MS = 5_000;

/**
 * EVENTSTORE_URL if a server answers there; else Docker if an engine answers (testcontainers then
 * starts one); else the reason no server can be had, for the skipped suite's title.
 */
export async function locateKurrentDb(env: NodeJS.ProcessEnv = process.env): Promise<KurrentDbLocation> {
  const url = env.EVENTSTORE_URL?.trim();
  let urlProblem = 'EVENTSTORE_URL is not set';
  if (url) {
    const failure = await probe(url);
    if (failure === undefined) return { kind: 'url', url };
    urlProblem = `EVENTSTORE_URL (${redact(url)}) is not reachable (${failure})`;
  }
  if (await dockerEngineAnswers()) return { kind: 'docker' };
  return { kind: 'none', reason: `${urlProblem} and no Docker engine is available to start one with testcontainers` };
}

/** Undefined when the server answered a one-event read of $all; otherwise what went wrong. */
export async function probe(url: string, deadlineMs = PROBE_DEADLINE_MS): Promise<string | undefined> {
  let client: KurrentDBClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    client = KurrentDBClient.connectionString(url);
    const read = (async () => {
      for await (const _ of client.readAll({ maxCount: 1 })) break;
    })();
    // The native read path ignores `deadline`, so the probe keeps its own clock.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs / 1000} s`)), deadlineMs);
    });
    await Promise.race([read, timeout]);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    clearTimeout(timer);
    await client?.dispose().catch(() => undefined);
  }
}

export function dockerEngineAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('docker', ['info'], { timeout: DOCKER_INFO_DEADLINE_MS }, (error) => resolve(!error));
  });
}

/** Connection strings may carry a user and password; keep them out of test titles. */
export function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
