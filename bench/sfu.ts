// SFU fan-out benchmark: one producer fed synthetic VP8 over a plain RTP transport, N consumers
// each sending to its own UDP sink on 127.0.0.1, N stepped up until the sinks miss more than 1%
// of the packets (or a size/time cap is hit). One mediasoup worker, so its CPU is one core's.
//   npm run bench -- sfu [--steps 50,100,150,200,300,400,600,800,1200] [--rate 1000] [--payload 1000]
//                        [--seconds 4] [--max-loss 1] [--max-total-seconds 170]
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { Sfu } from '@myworld/sfu';
import { openUdpSink, syntheticVp8RtpParameters, type UdpSink } from '@myworld/sfu/testing';
import { startPacedSender } from './sfu-rtp-sender.ts';
import { udpDropsByPort } from './sfu-udp-drops.ts';

const optionsSchema = z.object({
  /** Consumer counts to try, ascending. Default: 50,100,150,200,300,400,600,800,1200. */
  steps: z
    .string()
    .default('50,100,150,200,300,400,600,800,1200')
    .transform((s) => s.split(',').map((n) => Number(n)))
    .pipe(z.array(z.number().int().positive()).min(1)),
  /** Producer packets per second. Default: 1000 (about 8 Mbit/s of 1000-byte VP8 packets). */
  rate: z.coerce.number().int().min(10).max(20_000).default(1000),
  /** VP8 payload bytes per packet. Default: 1000. */
  payload: z.coerce.number().int().min(50).max(1200).default(1000),
  /** Measured seconds per step (after a 1 s warm-up). Default: 4. */
  seconds: z.coerce.number().min(1).max(30).default(4),
  /** Stop once loss at the sinks exceeds this percentage. Default: 1. */
  maxLoss: z.coerce.number().min(0).max(100).default(1),
  /** Skip the remaining steps once this much time has passed. Default: 170. */
  maxTotalSeconds: z.coerce.number().min(10).default(170),
});

type Row = {
  consumers: number;
  perCore: number;
  forwardedPerSec: number;
  lossPct: number;
  notForwardedPct: number;
  sinkDropPct: number;
  ingestDrops: number;
  cpuPct: number;
  benchCpuPct: number;
};

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      steps: { type: 'string' },
      rate: { type: 'string' },
      payload: { type: 'string' },
      seconds: { type: 'string' },
      'max-loss': { type: 'string' },
      'max-total-seconds': { type: 'string' },
    },
  });
  const options = optionsSchema.parse({
    steps: values.steps,
    rate: values.rate,
    payload: values.payload,
    seconds: values.seconds,
    maxLoss: values['max-loss'],
    maxTotalSeconds: values['max-total-seconds'],
  });
  const started = performance.now();
  const elapsedSeconds = () => (performance.now() - started) / 1000;

  const sfu = await Sfu.start({ workers: 1, logLevel: 'error', enableTcp: false });
  const sinks: UdpSink[] = [];
  let sender: ReturnType<typeof startPacedSender> | undefined;
  try {
    const streamId = 'bench';
    await sfu.openStream(streamId);
    const ssrc = 0x5eed;
    const ingest = await sfu.createPlainTransport(streamId, 'broadcaster', 'send', { comedia: true });
    await sfu.produce(streamId, 'broadcaster', ingest.id, {
      kind: 'video',
      rtpParameters: syntheticVp8RtpParameters(ssrc),
    });
    const capabilities = await sfu.getRtpCapabilities(streamId);
    sender = startPacedSender({
      ssrc,
      ip: ingest.ip,
      port: ingest.port,
      packetsPerSecond: options.rate,
      payloadBytes: options.payload,
    });

    console.log(
      `SFU fan-out: 1 worker, producer ${options.rate} pkt/s x ${options.payload} B VP8 (~${((options.rate * (options.payload + 13) * 8) / 1e6).toFixed(1)} Mbit/s), ${options.seconds}s per step`,
    );
    printRow([
      'consumers',
      'per core',
      'fwd pkt/s',
      'loss %',
      '(not fwd %',
      'sink drop %)',
      'ingest drops',
      'worker CPU %',
      'bench CPU %',
    ]);

    for (const target of options.steps) {
      if (elapsedSeconds() > options.maxTotalSeconds - options.seconds - 5) {
        console.log(`stopping: ${options.maxTotalSeconds}s time cap`);
        break;
      }
      while (sinks.length < target) {
        const peerId = `viewer-${sinks.length}`;
        const sink = await openUdpSink({ receiveBufferBytes: 256 * 1024 });
        sinks.push(sink);
        const transport = await sfu.createPlainTransport(streamId, peerId, 'recv');
        await sfu.connectPlainTransport(streamId, peerId, transport.id, { ip: '127.0.0.1', port: sink.port });
        for (const consumer of await sfu.consumeAll(streamId, peerId, transport.id, capabilities)) {
          await sfu.resumeConsumer(streamId, peerId, consumer.id);
        }
      }
      await sleep(1000); // every new consumer has seen a keyframe

      // The window is a fixed range of packet indexes; sinks count exactly those, read late or not.
      const from = sender.sent + Math.ceil(options.rate / 20);
      const count = Math.round(options.rate * options.seconds);
      for (const sink of sinks) sink.countWindow(from, from + count);
      await waitUntil(() => sender!.sent >= from);
      const before = await snapshot(sfu, sinks, ingest.port);
      await waitUntil(() => sender!.sent >= from + count);
      const after = await snapshot(sfu, sinks, ingest.port);
      const received = await settledCount(() => sinks.reduce((sum, sink) => sum + sink.inWindow, 0));

      const row = measure(target, count, received, before, after);
      printRow([
        row.consumers,
        row.perCore,
        Math.round(row.forwardedPerSec),
        row.lossPct.toFixed(2),
        row.notForwardedPct.toFixed(2),
        row.sinkDropPct.toFixed(2),
        row.ingestDrops,
        row.cpuPct.toFixed(0),
        row.benchCpuPct.toFixed(0),
      ]);
      if (row.lossPct > options.maxLoss) {
        console.log(`stopping: loss ${row.lossPct.toFixed(2)}% > ${options.maxLoss}%`);
        break;
      }
    }
    console.log(
      'loss = packets the sinks did not read; not fwd = never reached a sink socket (SFU limit); sink drop = reached it but the benchmark read too slowly;\n' +
        'ingest drops = producer packets the kernel dropped before the worker read them (worker busy or descheduled);\n' +
        'bench CPU = this process (sender + sinks); worker and bench share the machine, so near 100% each the cores are the limit',
    );
  } finally {
    sender?.stop();
    await Promise.all(sinks.map((sink) => sink.close()));
    await sfu.close();
  }
}

type Snapshot = { at: number; sinkDrops: number; ingestDrops: number; cpuMs: number; benchCpuMs: number };

async function snapshot(sfu: Sfu, sinks: UdpSink[], ingestPort: number): Promise<Snapshot> {
  const [drops, [cpu]] = await Promise.all([udpDropsByPort(), sfu.workerCpuTimes()]);
  const sinkDrops = sinks.reduce((sum, sink) => sum + (drops.get(sink.port) ?? 0), 0);
  const bench = process.cpuUsage();
  return {
    at: performance.now(),
    sinkDrops,
    ingestDrops: drops.get(ingestPort) ?? 0,
    cpuMs: cpu?.cpuMs ?? 0,
    benchCpuMs: (bench.user + bench.system) / 1000,
  };
}

function measure(consumers: number, packetsSent: number, received: number, before: Snapshot, after: Snapshot): Row {
  const seconds = (after.at - before.at) / 1000;
  const expected = packetsSent * consumers;
  const sinkDrops = after.sinkDrops - before.sinkDrops;
  const forwarded = received + sinkDrops;
  const pct = (n: number) => (expected > 0 ? Math.max(0, (n / expected) * 100) : 0);
  return {
    consumers,
    perCore: consumers,
    forwardedPerSec: forwarded / seconds,
    lossPct: pct(expected - received),
    notForwardedPct: pct(expected - forwarded),
    sinkDropPct: pct(sinkDrops),
    ingestDrops: after.ingestDrops - before.ingestDrops,
    cpuPct: ((after.cpuMs - before.cpuMs) / (seconds * 1000)) * 100,
    benchCpuPct: ((after.benchCpuMs - before.benchCpuMs) / (seconds * 1000)) * 100,
  };
}

/** Waits until the sinks have read every queued packet of the window: the count stops moving (or 5 s pass). */
async function settledCount(count: () => number): Promise<number> {
  const deadline = performance.now() + 5000;
  let last = -1;
  while (count() !== last && performance.now() < deadline) {
    last = count();
    await sleep(250);
  }
  return count();
}

async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await sleep(2);
}

function printRow(cells: Array<string | number>): void {
  console.log(cells.map((c, i) => String(c).padStart(i === 0 ? 9 : 12)).join(' '));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
