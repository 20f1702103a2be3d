import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { conversationsProjection } from '@myworld/projections';
import { openTestSocket, type TestSocket } from '@myworld/testkit';
import { startHarness, type ApiInstance } from '@myworld/command-api/testing';
import { percentile, rate, row } from './stats.ts';

/**
 * `npm run bench -- messages [--conversations 200] [--messages 40] [--interval-ms 2000]`: direct
 * messages in real time on a harness with two API instances (one process, sharing PostgreSQL and
 * Redis, the `conversations` projection running beside them). Each conversation is two users with
 * one /ws socket each; in half of them the two sit on different instances, in the other half on the
 * same one. All conversations run at once; within one, the two take turns: POST /api/messages, then
 * the other's socket receives `new_message`, then they reply. After one warm-up message each way,
 * each conversation exchanges `--messages` messages twice: paced (one message every
 * `--interval-ms`, starts spread over the interval: a steady load like people typing) and flat out
 * (the reply goes as soon as the message arrives: the most the machine delivers). The clients run in
 * a process of their own and report POST acknowledged -> `new_message` received, POST sent ->
 * received, and messages delivered per second. Target: new_message within 100 ms (p99).
 */
interface Side {
  readonly userId: string;
  readonly cookie: string;
  readonly baseUrl: string;
}
interface Pair {
  readonly a: Side;
  readonly b: Side;
  readonly crossInstance: boolean;
}
interface Plan {
  readonly pairs: readonly Pair[];
  readonly messages: number;
  readonly intervalMs: number;
}
interface Sample {
  readonly crossInstance: boolean;
  /** POST sent -> answered (201). */
  readonly post: number;
  /** POST answered -> the receiver's socket has new_message (negative if the push overtook the answer). */
  readonly ackToReceive: number;
  /** POST sent -> the receiver's socket has new_message. */
  readonly sendToReceive: number;
}
interface Phase {
  readonly samples: readonly Sample[];
  readonly ms: number;
}
interface Outcome {
  readonly paced: Phase;
  readonly flatOut: Phase;
}

const CLIENTS_ENV = 'MYWORLD_BENCH_MESSAGES_CLIENTS';

export async function run(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const conversations = option('conversations', 200);
  const messages = option('messages', 40);
  const intervalMs = option('interval-ms', 2_000);
  const h = await startHarness({ label: 'bench_messages', instances: 2, projections: [conversationsProjection] });
  try {
    const [a, b] = h.apis as [ApiInstance, ApiInstance];
    const users = await inChunks(
      Array.from({ length: conversations * 2 }, (_, i) => i),
      50,
      (i) => a.signedInUser(`dm_bench_${i}_${Date.now().toString(36)}`),
    );
    // Even conversations span the instances; odd ones sit on A or on B.
    const pairs = Array.from({ length: conversations }, (_, i): Pair => {
      const [first, second] = i % 4 === 3 ? [b, b] : i % 2 === 0 ? [a, b] : [a, a];
      const side = (api: ApiInstance, n: number) => ({
        userId: users[n]!.userId,
        cookie: users[n]!.cookie,
        baseUrl: api.baseUrl,
      });
      return { a: side(first, 2 * i), b: side(second, 2 * i + 1), crossInstance: first !== second };
    });
    const outcome = await inClientProcess({ pairs, messages, intervalMs });

    console.log(
      `direct messages: ${conversations} conversations (${conversations * 2} users, one socket each), ${messages} messages each per phase, 2 API instances`,
    );
    report(
      `paced: a message every ${intervalMs.toLocaleString('en-US')} ms per conversation (${Math.round((conversations * 1000) / intervalMs)}/s offered)`,
      outcome.paced,
    );
    report('flat out: each reply as soon as the message arrives', outcome.flatOut);
  } finally {
    await h.stop();
  }
}

function report(title: string, { samples, ms }: Phase): void {
  console.log(`\n${title}`);
  const figures = (label: string, values: number[], target?: string) => {
    row(`${label} p50`, `${percentile(values, 50).toFixed(1)} ms`);
    row(`${label} p99`, `${percentile(values, 99).toFixed(1)} ms`, target);
  };
  const of = (pick: (s: Sample) => number, crossInstance?: boolean) =>
    samples.filter((s) => crossInstance === undefined || s.crossInstance === crossInstance).map(pick);
  figures(
    'POST acked -> new_message, all',
    of((s) => s.ackToReceive),
    '< 100 ms',
  );
  figures(
    '  sender and receiver on other instances',
    of((s) => s.ackToReceive, true),
  );
  figures(
    '  sender and receiver on the same instance',
    of((s) => s.ackToReceive, false),
  );
  figures(
    'POST sent -> new_message, all',
    of((s) => s.sendToReceive),
  );
  figures(
    'POST /api/messages answered',
    of((s) => s.post),
  );
  row('messages delivered', samples.length.toLocaleString('en-US'));
  row('messages/s', `${rate(samples.length, ms)} /s`);
}

/** Runs the conversations in a child process (this file, in client mode) and reads its samples. */
function inClientProcess(plan: Plan): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, [CLIENTS_ENV]: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Outcome) : reject(new Error(`the client process exited with ${code}`)),
    );
    child.stdin.end(JSON.stringify(plan));
  });
}

/** The client process: opens the sockets, runs every conversation at once, writes the samples to stdout. */
async function converse(plan: Plan): Promise<Outcome> {
  const sockets = new Map<string, TestSocket>();
  await inChunks(
    plan.pairs.flatMap((p) => [p.a, p.b]),
    50,
    async (side) => {
      const socket = await openTestSocket(side.baseUrl, side.cookie);
      // Answered once the socket is in its user's room.
      socket.send({ type: 'ping' });
      await socket.next('pong');
      sockets.set(side.userId, socket);
    },
  );
  /** `count` messages, taking turns; with `intervalMs`, message k starts at offset + k * intervalMs (or at once when late). */
  const talk = async (pair: Pair, index: number, count: number, label: string, samples?: Sample[], intervalMs = 0) => {
    const start = performance.now() + (intervalMs * index) / plan.pairs.length;
    for (let k = 0; k < count; k++) {
      const due = start + k * intervalMs - performance.now();
      if (intervalMs > 0 && due > 0) await sleep(due);
      const [from, to] = k % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
      const sample = await exchange(from, to, sockets.get(to.userId)!, `${label} ${index}.${k}`);
      samples?.push({ crossInstance: pair.crossInstance, ...sample });
    }
  };
  const phase = async (label: string, intervalMs: number): Promise<Phase> => {
    const samples: Sample[] = [];
    const started = performance.now();
    await Promise.all(plan.pairs.map((pair, i) => talk(pair, i, plan.messages, label, samples, intervalMs)));
    return { samples, ms: performance.now() - started };
  };
  await Promise.all(plan.pairs.map((pair, i) => talk(pair, i, 2, 'warm-up')));
  const paced = await phase('paced', plan.intervalMs);
  const flatOut = await phase('flat-out', 0);
  await Promise.all([...sockets.values()].map((s) => s.close()));
  return { paced, flatOut };
}

/** One message: POST it as `from`, and time its arrival on `to`'s socket (watched before sending). */
async function exchange(
  from: Side,
  to: Side,
  socket: TestSocket,
  content: string,
): Promise<Omit<Sample, 'crossInstance'>> {
  const received = socket
    .next('new_message', (m) => m.message.content === content, 10_000)
    .then(() => performance.now());
  received.catch(() => undefined);
  const sent = performance.now();
  const answer = await fetch(`${from.baseUrl}/api/messages`, {
    method: 'POST',
    headers: { cookie: from.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ receiverId: to.userId, content }),
  });
  const body = await answer.text();
  const acked = performance.now();
  if (answer.status !== 201) throw new Error(`POST /api/messages answered ${answer.status}: ${body}`);
  const arrived = await received;
  return { post: acked - sent, ackToReceive: arrived - acked, sendToReceive: arrived - sent };
}

async function inChunks<T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  return results;
}

if (process.env[CLIENTS_ENV]) {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  // Exit only once the pipe has taken everything (a large write to a pipe completes later).
  process.stdout.write(JSON.stringify(await converse(JSON.parse(input) as Plan)), () => process.exit(0));
}
