// SFU fan-out benchmark, per host: one producer fed synthetic VP8 over a plain RTP transport, N
// viewers each consuming it over a plain transport to its own UDP sink on 127.0.0.1, N stepped up
// until the sinks miss more than 1% of the packets, the SFU refuses viewers (host at capacity) or
// a time cap is hit. The SFU runs as in production: one worker per core, the stream's routers
// placed by routerConsumerBudget / workerConsumerCapacity (pipeToRouter between workers).
//   npm run bench -- sfu [--steps 100,200,...,1000] [--rate 125] [--payload 1000] [--seconds 4]
//                        [--workers N] [--budget N] [--capacity N] [--sinks held|live]
//                        [--max-loss 1] [--max-total-seconds 300]
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { Sfu, SfuError, sfuConfigSchema } from '@myworld/sfu';
import { syntheticVp8RtpParameters } from '@myworld/sfu/testing';
import { startPacedSender } from './sfu-rtp-sender.ts';
import { startSinkProcess, type SinkProcess } from './sfu-sinks.ts';
import { socketInodes, udpDrops } from './sfu-udp-drops.ts';

const optionsSchema = z.object({
  /** Viewers (one consumer each) to try, ascending. */
  steps: z
    .string()
    .default('100,200,300,400,500,600,700,800,900,1000')
    .transform((s) => s.split(',').map((n) => Number(n)))
    .pipe(z.array(z.number().int().positive()).min(1)),
  /** Producer packets per second. Default: 125 (about 1 Mbit/s of 1000-byte VP8 packets). */
  rate: z.coerce.number().int().min(10).max(20_000).default(125),
  /** VP8 payload bytes per packet. Default: 1000. */
  payload: z.coerce.number().int().min(50).max(1200).default(1000),
  /** Measured seconds per step (after a 1 s warm-up). Default: 4. */
  seconds: z.coerce.number().min(1).max(30).default(4),
  /** mediasoup workers: the SFU's own option (default one per core). */
  workers: sfuConfigSchema.shape.workers,
  /** routerConsumerBudget / workerConsumerCapacity; default: the SFU's defaults. */
  budget: z.coerce.number().int().positive().optional(),
  capacity: z.coerce.number().int().positive().optional(),
  /**
   * held: the sinks are paused for the measured window and read their queues afterwards (viewers
   * on other machines take no CPU from the SFU host); live: they read as packets arrive, on the same
   * two cores as the workers. Default: held.
   */
  sinks: z.enum(['held', 'live']).default('held'),
  /** Stop once loss at the sinks exceeds this percentage. Default: 1. */
  maxLoss: z.coerce.number().min(0).max(100).default(1),
  /** Skip the remaining steps once this much time has passed. Default: 300. */
  maxTotalSeconds: z.coerce.number().min(10).default(300),
});
type Options = z.output<typeof optionsSchema>;

type Snapshot = {
  at: number;
  workerCpuMs: Map<number, number>;
  sinkCpuMs: number;
  sfuDrops: number;
};

const STREAM = 'bench';
// Each sink holds a whole window while paused: 4 s at 125 pkt/s is about 1.2 MB of kernel buffer.
const SINK_RECEIVE_BUFFER_BYTES = 4 << 20;
const JOIN_BATCH = 25;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(
      [
        'steps',
        'rate',
        'payload',
        'seconds',
        'workers',
        'budget',
        'capacity',
        'sinks',
        'max-loss',
        'max-total-seconds',
      ].map((name) => [name, { type: 'string' as const }]),
    ),
  });
  const options = optionsSchema.parse({
    ...values,
    maxLoss: values['max-loss'],
    maxTotalSeconds: values['max-total-seconds'],
  });
  const started = performance.now();
  const elapsedSeconds = () => (performance.now() - started) / 1000;

  const sfu = await Sfu.start({
    workers: options.workers,
    logLevel: 'error',
    enableTcp: false,
    ...(options.budget ? { routerConsumerBudget: options.budget } : {}),
    ...(options.capacity ? { workerConsumerCapacity: options.capacity } : {}),
  });
  const sinks = await startSinkProcess();
  let sender: ReturnType<typeof startPacedSender> | undefined;
  try {
    await sfu.openStream(STREAM);
    const ssrc = 0x5eed;
    const ingest = await sfu.createPlainTransport(STREAM, 'broadcaster', 'send', { comedia: true });
    await sfu.produce(STREAM, 'broadcaster', ingest.id, {
      kind: 'video',
      rtpParameters: syntheticVp8RtpParameters(ssrc),
    });
    const capabilities = await sfu.getRtpCapabilities(STREAM);
    sender = startPacedSender({
      ssrc,
      ip: ingest.ip,
      port: ingest.port,
      packetsPerSecond: options.rate,
      payloadBytes: options.payload,
    });

    const mbps = (options.rate * (options.payload + 30) * 8) / 1e6;
    console.log(
      `SFU fan-out per host: ${options.workers} workers (routerConsumerBudget ${sfu.config.routerConsumerBudget}, ` +
        `workerConsumerCapacity ${sfu.config.workerConsumerCapacity}), producer ${options.rate} pkt/s x ${options.payload} B VP8 ` +
        `(~${mbps.toFixed(1)} Mbit/s), ${options.seconds}s per step, sinks ${options.sinks}`,
    );
    printRow([
      'viewers',
      'refused',
      'routers',
      'workers',
      'fwd pkt/s',
      'loss %',
      '(not fwd %',
      'sink drop %)',
      'SFU rx drops',
      'behind ms',
      'worker CPU %',
      'sinks CPU %',
    ]);

    let admitted = 0;
    let nextViewer = 0;
    let best: { viewers: number; routers: number; workers: number } | undefined;
    let previousForwarded = 0;
    for (const target of options.steps) {
      if (elapsedSeconds() > options.maxTotalSeconds - options.seconds - 5) {
        console.log(`stopping: ${options.maxTotalSeconds}s time cap`);
        break;
      }
      let refused = 0;
      // Sinks for the whole step at once; paused while the viewers join, so the sink process does
      // not read (and slow the joins down) at a growing rate; the window waits for it to catch up.
      const ports = await sinks.open(target - admitted, SINK_RECEIVE_BUFFER_BYTES);
      sinks.pause();
      // Viewers join a batch at a time, as a crowd does (and the worker round trips overlap).
      for (let i = 0; i < ports.length && refused === 0; i += JOIN_BATCH) {
        const batch = ports.slice(i, i + JOIN_BATCH);
        const joined = await Promise.all(
          batch.map((port) => joinViewer(sfu, `viewer-${nextViewer++}`, port, capabilities)),
        );
        admitted += joined.filter(Boolean).length;
        if (joined.includes(false)) refused = target - admitted;
      }
      sinks.resume();
      await sleep(1000); // every new consumer has seen a keyframe
      await sinks.caughtUp(sender.sent - Math.ceil(options.rate / 10));

      const row = await measureWindow(sfu, sinks, sender, options, admitted);
      const placement = sfu.stats().workers.filter((w) => w.streams.includes(STREAM));
      const routers = placement.reduce((sum, w) => sum + w.routers, 0);
      printRow([
        admitted,
        refused,
        routers,
        placement.length,
        Math.round(row.forwardedPerSec),
        row.lossPct.toFixed(2),
        row.notForwardedPct.toFixed(2),
        row.sinkDropPct.toFixed(2),
        row.sfuDrops,
        Math.round(row.catchUpMs),
        row.workerCpuPct.map((c) => c.toFixed(0)).join('+'),
        row.sinkCpuPct.toFixed(0),
      ]);
      if (row.forwardedPerSec < previousForwarded / 2)
        console.log('collapse: forwarding fell below half the previous step');
      previousForwarded = row.forwardedPerSec;
      if (row.lossPct > options.maxLoss) {
        console.log(`stopping: loss ${row.lossPct.toFixed(2)}% > ${options.maxLoss}%`);
        break;
      }
      best = { viewers: admitted, routers, workers: placement.length };
      if (refused > 0) {
        console.log(
          `stopping: host at capacity, ${refused} of the step's new viewers refused (SfuError 'at-capacity')`,
        );
        break;
      }
    }
    console.log(
      best
        ? `largest step under ${options.maxLoss}% loss: ${best.viewers} consumers on ${best.routers} routers over ${best.workers} workers`
        : `no step stayed under ${options.maxLoss}% loss`,
    );
    console.log(
      'loss = window packets the sinks never read; not fwd = never reached a sink socket; sink drop = reached it but its buffer was full;\n' +
        'SFU rx drops = datagrams the kernel dropped on the workers’ own sockets (ingest, pipes) because they were not read in time;\n' +
        'behind ms = after the window (and the sinks resuming), how long until every sink got past its end: a worker behind works off its ingest backlog;\n' +
        'worker CPU = each worker process, % of one core; sinks CPU = the sink process (paused during the window when sinks are held)',
    );
  } finally {
    sender?.stop();
    await sinks.close();
    await sfu.close();
  }
}

/** One viewer: a plain receive transport to its sink, every producer consumed and resumed; false when the SFU is at capacity. */
async function joinViewer(
  sfu: Sfu,
  peerId: string,
  port: number,
  capabilities: Awaited<ReturnType<Sfu['getRtpCapabilities']>>,
): Promise<boolean> {
  let transport;
  try {
    transport = await sfu.createPlainTransport(STREAM, peerId, 'recv');
  } catch (error) {
    if (!(error instanceof SfuError && error.code === 'at-capacity')) throw error;
    await sfu.leave(STREAM, peerId);
    return false;
  }
  await sfu.connectPlainTransport(STREAM, peerId, transport.id, { ip: '127.0.0.1', port });
  for (const consumer of await sfu.consumeAll(STREAM, peerId, transport.id, capabilities)) {
    await sfu.resumeConsumer(STREAM, peerId, consumer.id);
  }
  return true;
}

type Row = {
  forwardedPerSec: number;
  lossPct: number;
  notForwardedPct: number;
  sinkDropPct: number;
  sfuDrops: number;
  workerCpuPct: number[];
  sinkCpuPct: number;
  catchUpMs: number;
};

/** One measured window: a fixed range of packet indexes, which the sinks count exactly, read late or not. */
async function measureWindow(
  sfu: Sfu,
  sinks: SinkProcess,
  sender: { readonly sent: number },
  options: Options,
  viewers: number,
): Promise<Row> {
  const from = sender.sent + Math.ceil(options.rate / 20);
  const count = Math.round(options.rate * options.seconds);
  await sinks.countWindow(from, from + count);
  const sinkDropsBefore = sinkDrops(await udpDrops(), sinks);
  await waitUntil(() => sender.sent >= from);
  const before = await snapshot(sfu, sinks);
  if (options.sinks === 'held') sinks.pause();
  await waitUntil(() => sender.sent >= from + count);
  await sleep(100); // the last packets' way through the workers
  const after = await snapshot(sfu, sinks);
  sinks.resume();
  const { inWindow: received, catchUpMs } = await sinks.settledCount();
  const sinkDropCount = sinkDrops(await udpDrops(), sinks) - sinkDropsBefore;

  const seconds = (after.at - before.at) / 1000;
  const expected = count * viewers;
  const forwarded = received + sinkDropCount;
  const pct = (n: number) => (expected > 0 ? Math.max(0, (n / expected) * 100) : 0);
  return {
    forwardedPerSec: forwarded / (count / options.rate),
    lossPct: pct(expected - received),
    notForwardedPct: pct(expected - forwarded),
    sinkDropPct: pct(sinkDropCount),
    sfuDrops: after.sfuDrops - before.sfuDrops,
    workerCpuPct: [...after.workerCpuMs].map(
      ([pid, ms]) => ((ms - (before.workerCpuMs.get(pid) ?? ms)) / (seconds * 1000)) * 100,
    ),
    sinkCpuPct: ((after.sinkCpuMs - before.sinkCpuMs) / (seconds * 1000)) * 100,
    catchUpMs,
  };
}

async function snapshot(sfu: Sfu, sinks: SinkProcess): Promise<Snapshot> {
  const [cpu, drops, sinkCpuMs] = await Promise.all([sfu.workerCpuTimes(), udpDrops(), sinks.cpuMs()]);
  let sfuDrops = 0;
  for (const { pid } of cpu) {
    for (const inode of await socketInodes(pid)) sfuDrops += drops.byInode.get(inode) ?? 0;
  }
  return { at: performance.now(), workerCpuMs: new Map(cpu.map((w) => [w.pid, w.cpuMs])), sinkCpuMs, sfuDrops };
}

function sinkDrops(drops: Awaited<ReturnType<typeof udpDrops>>, sinks: SinkProcess): number {
  return sinks.ports.reduce((sum, port) => sum + (drops.byPort.get(port) ?? 0), 0);
}

async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await sleep(2);
}

function printRow(cells: Array<string | number>): void {
  console.log(cells.map((c, i) => String(c).padStart(i === 0 ? 7 : 12)).join(' '));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
