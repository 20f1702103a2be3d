// The SFU bench's UDP sinks, in a process of their own: the bench can then pause them (SIGSTOP)
// for a measured window, so the kernel queues what the SFU forwards into their receive buffers and
// no receiver competes with the workers for the two cores, as viewers on other machines would not.
// Counting stays exact: after the window the sinks resume, read the queue and count its packets.
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openUdpSink, type UdpSink } from '@myworld/sfu/testing';

type Request =
  | { type: 'open'; count: number; receiveBufferBytes: number }
  | { type: 'window'; from: number; to: number }
  | { type: 'count' }
  | { type: 'caught-up'; index: number };
type Reply =
  | { type: 'opened'; ports: number[] }
  | { type: 'window-set' }
  | { type: 'count'; inWindow: number; catchUpMs: number }
  | { type: 'caught-up' };

export type SinkProcess = {
  readonly pid: number;
  /** Every sink's port, in the order they were opened. */
  readonly ports: readonly number[];
  /** Opens `count` more sinks on 127.0.0.1; resolves with their ports. */
  open(count: number, receiveBufferBytes: number): Promise<number[]>;
  /** From now on, each sink counts the synthetic packets whose index is in [from, to). */
  countWindow(from: number, to: number): Promise<void>;
  /**
   * Packets of the window all sinks have read, once every sink has got past the window's end and
   * the count stops moving (or 15 s pass), and how long after the call the last sink got past it:
   * a worker that fell behind delivers the window seconds late, from its ingest socket's backlog.
   */
  settledCount(): Promise<{ inWindow: number; catchUpMs: number }>;
  /** Resolves once every sink has read a packet at `index` or later (their queues are drained up to there), or 15 s pass. */
  caughtUp(index: number): Promise<void>;
  /** Stops the process (its sockets keep receiving into their buffers) or lets it run again. */
  pause(): void;
  resume(): void;
  /** CPU time (user + system, ms) the sinks used so far. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
};

const CHILD_ENV = 'SFU_BENCH_SINKS';

export async function startSinkProcess(): Promise<SinkProcess> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [CHILD_ENV]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const ports: number[] = [];
  const ask = <T extends Reply['type']>(request: Request, answer: T) => ask_(child, request, answer);
  return {
    pid: child.pid!,
    ports,
    async open(count, receiveBufferBytes) {
      const reply = await ask({ type: 'open', count, receiveBufferBytes }, 'opened');
      ports.push(...reply.ports);
      return reply.ports;
    },
    async countWindow(from, to) {
      await ask({ type: 'window', from, to }, 'window-set');
    },
    async settledCount() {
      const { inWindow, catchUpMs } = await ask({ type: 'count' }, 'count');
      return { inWindow, catchUpMs };
    },
    async caughtUp(index) {
      await ask({ type: 'caught-up', index }, 'caught-up');
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    cpuMs: () => processCpuMs(child.pid!),
    async close() {
      child.kill('SIGCONT');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function ask_<T extends Reply['type']>(
  child: ChildProcess,
  request: Request,
  answer: T,
): Promise<Extract<Reply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.type !== answer) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply as Extract<Reply, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`the sink process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(request);
  });
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (the fields after the command's closing parenthesis). */
async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** The child: opens sinks, counts windows and answers the bench over IPC. */
async function serve(): Promise<void> {
  const sinks: UdpSink[] = [];
  let windowEnd = 0;
  const reply = (message: Reply) => process.send!(message);
  process.on('message', (request: Request) => {
    void (async () => {
      if (request.type === 'open') {
        const opened = [];
        for (let i = 0; i < request.count; i++) {
          opened.push(await openUdpSink({ receiveBufferBytes: request.receiveBufferBytes }));
        }
        sinks.push(...opened);
        reply({ type: 'opened', ports: opened.map((s) => s.port) });
      } else if (request.type === 'window') {
        for (const sink of sinks) sink.countWindow(request.from, request.to);
        windowEnd = request.to;
        reply({ type: 'window-set' });
      } else if (request.type === 'caught-up') {
        const deadline = performance.now() + 15_000;
        while (receiving(sinks).some((s) => s.highestIndex < request.index) && performance.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        reply({ type: 'caught-up' });
      } else {
        reply({ type: 'count', ...(await settled(sinks, windowEnd)) });
      }
    })();
  });
  process.once('SIGTERM', () => {
    void Promise.all(sinks.map((s) => s.close())).then(() => process.exit(0));
  });
  process.once('disconnect', () => process.exit(0));
}

/**
 * Waits until every sink has seen a packet past the window (the SFU has forwarded all of it) and
 * the count has stopped moving for 250 ms, or 15 s pass. Waiting for the count alone to stop
 * would stop too early when a worker is seconds behind: nothing of the window has arrived yet.
 */
async function settled(sinks: UdpSink[], windowEnd: number): Promise<{ inWindow: number; catchUpMs: number }> {
  const started = performance.now();
  const count = () => sinks.reduce((sum, s) => sum + s.inWindow, 0);
  let catchUpMs = -1;
  let last = -1;
  while (performance.now() - started < 15_000) {
    if (catchUpMs < 0 && receiving(sinks).every((s) => s.highestIndex >= windowEnd)) {
      catchUpMs = performance.now() - started;
    }
    if (catchUpMs >= 0 && count() === last) break;
    last = count();
    await new Promise((resolve) => setTimeout(resolve, catchUpMs < 0 ? 10 : 250));
  }
  return { inWindow: count(), catchUpMs: catchUpMs < 0 ? performance.now() - started : catchUpMs };
}

/** Sinks that were ever sent anything: a sink opened for a viewer the SFU refused gets nothing. */
function receiving(sinks: UdpSink[]): UdpSink[] {
  return sinks.filter((s) => s.highestIndex >= 0);
}

if (process.env[CHILD_ENV] === '1') await serve();
