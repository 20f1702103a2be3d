import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/**
 * Runs the whole product on one machine: the API (with the /ws gateway and the web client), the
 * projections and the workers, each as its own process with prefixed output. With
 * API_INSTANCES=N (default 1) it runs N API instances on ports PORT, PORT+1, ... PORT+N-1, sharing
 * everything else (database, Redis, storage), as a load balancer would spread them: a viewer on
 * any of them watches a stream broadcast on any other (live media is piped between their SFUs).
 * A process that exits unexpectedly is restarted after a short pause; Ctrl-C or SIGTERM stops
 * them all. Without S3_ENDPOINT the local object store (Swift, started by setup) is watched too
 * and restarted when it stops answering.
 */
type Service = { name: string; entry: string; env?: Record<string, string> };

const basePort = Number(process.env.PORT ?? 3000);
const apiInstances = Number(process.env.API_INSTANCES ?? 1);
if (!Number.isInteger(apiInstances) || apiInstances < 1 || apiInstances > 32) {
  console.error(`[run-all] API_INSTANCES must be a whole number from 1 to 32, not "${process.env.API_INSTANCES}"`);
  process.exit(1);
}
if (!Number.isInteger(basePort) || basePort < 1 || basePort + apiInstances - 1 > 65535) {
  console.error(`[run-all] PORT must leave room for ${apiInstances} API ports below 65536, not "${process.env.PORT}"`);
  process.exit(1);
}
const apiPorts = Array.from({ length: apiInstances }, (_, i) => basePort + i);
const services: readonly Service[] = [
  ...apiPorts.map((port, i) => ({
    name: apiInstances === 1 ? 'api' : `api-${i + 1}`,
    entry: 'command-api/src/main.ts',
    env: { PORT: String(port) },
  })),
  { name: 'projections', entry: 'projections/src/main.ts' },
  { name: 'workers', entry: 'workers/src/main.ts' },
];

const RESTART_DELAY_MS = 1_000;
const running = new Map<string, ChildProcess>();
let stopping = false;

function prefix(name: string, chunk: Buffer, out: NodeJS.WriteStream): void {
  for (const line of chunk.toString().split('\n')) if (line.length > 0) out.write(`[${name}] ${line}\n`);
}

function start(service: Service): void {
  const child = spawn(process.execPath, ['--import', 'tsx', service.entry], {
    env: { ...process.env, ...service.env },
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
const host = process.env.HOST ?? '127.0.0.1';
console.log(`[run-all] MyWorld starting on ${apiPorts.map((port) => `http://${host}:${port}`).join(', ')}`);
