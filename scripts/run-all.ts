import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/**
 * Runs the whole product on one machine: the API (with the /ws gateway and the web client), the
 * projections and the workers, each as its own process with prefixed output. A process that
 * exits unexpectedly is restarted after a short pause; Ctrl-C or SIGTERM stops them all. Without
 * S3_ENDPOINT the local object store (Swift, started by setup) is watched too and restarted when
 * it stops answering.
 */
const services = [
  { name: 'api', entry: 'command-api/src/main.ts' },
  { name: 'projections', entry: 'projections/src/main.ts' },
  { name: 'workers', entry: 'workers/src/main.ts' },
] as const;

const RESTART_DELAY_MS = 1_000;
const running = new Map<string, ChildProcess>();
let stopping = false;

function prefix(name: string, chunk: Buffer, out: NodeJS.WriteStream): void {
  for (const line of chunk.toString().split('\n')) if (line.length > 0) out.write(`[${name}] ${line}\n`);
}

function start(service: (typeof services)[number]): void {
  const child = spawn(process.execPath, ['--import', 'tsx', service.entry], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.set(service.name, child);
  child.stdout!.on('data', (c: Buffer) => prefix(service.name, c, process.stdout));
  child.stderr!.on('data', (c: Buffer) => prefix(service.name, c, process.stderr));
  child.on('exit', (code, signal) => {
    running.delete(service.name);
    if (stopping) return;
    console.error(`[run-all] ${service.name} exited (${signal ?? code}); restarting in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => start(service), RESTART_DELAY_MS);
  });
}

function stopAll(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  for (const child of running.values()) child.kill(signal);
  const deadline = setTimeout(() => process.exit(0), 5_000);
  const check = setInterval(() => {
    if (running.size === 0) {
      clearInterval(check);
      clearTimeout(deadline);
      process.exit(0);
    }
  }, 50);
}

/** The local Swift answers its health check, or is started again (its data stays in .data/swift). */
function superviseLocalStorage(): void {
  const port = process.env.LOCAL_S3_PORT ?? '8480';
  let restarting = false;
  const timer = setInterval(async () => {
    if (restarting || stopping) return;
    const healthy = await fetch(`http://127.0.0.1:${port}/healthcheck`, { signal: AbortSignal.timeout(3_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    restarting = true;
    console.error('[run-all] the local object store is not answering; starting it again');
    spawnSync('bash', ['scripts/storage/ensure-swift.sh'], { stdio: 'inherit' });
    restarting = false;
  }, 10_000);
  timer.unref();
}

if (!process.env.S3_ENDPOINT) superviseLocalStorage();
process.on('SIGINT', () => stopAll('SIGTERM'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const service of services) start(service);
console.log(`[run-all] MyWorld starting on http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3000}`);
