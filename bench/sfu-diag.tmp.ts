import { Sfu } from '@myworld/sfu';
import { syntheticVp8RtpParameters } from '@myworld/sfu/testing/synthetic-rtp';
import { openUdpSink, type UdpSink } from '@myworld/sfu/testing/udp-sink';
import { startPacedSender } from './sfu-rtp-sender.ts';
import { udpDropsByPort } from './sfu-udp-drops.ts';
const N = Number(process.argv[2] ?? 500), rate = Number(process.argv[3] ?? 250);
const sfu = await Sfu.start({ workers: 1, logLevel: 'warn', enableTcp: false });
await sfu.openStream('b');
const ingest = await sfu.createPlainTransport('b', 'bc', 'send', { comedia: true });
await sfu.produce('b', 'bc', ingest.id, { kind: 'video', rtpParameters: syntheticVp8RtpParameters(7) });
const caps = await sfu.getRtpCapabilities('b');
const sender = startPacedSender({ ssrc: 7, ip: ingest.ip, port: ingest.port, packetsPerSecond: rate, payloadBytes: 1000 });
const sinks: UdpSink[] = [];
for (let i = 0; i < N; i++) {
  const sink = await openUdpSink({ receiveBufferBytes: 256 * 1024 }); sinks.push(sink);
  const t = await sfu.createPlainTransport('b', 'v' + i, 'recv');
  await sfu.connectPlainTransport('b', 'v' + i, t.id, { ip: '127.0.0.1', port: sink.port });
  for (const c of await sfu.consumeAll('b', 'v' + i, t.id, caps)) await sfu.resumeConsumer('b', 'v' + i, c.id);
  if (i % 50 === 49) console.log('created', i + 1, Math.round(performance.now()), 'ms');
}
let lastCpu = (await sfu.workerCpuTimes())[0]!.cpuMs, lastRx = 0, lastSent = sender.sent;
for (let s = 0; s < 12; s++) {
  await new Promise((r) => setTimeout(r, 1000));
  const cpu = (await sfu.workerCpuTimes())[0]!.cpuMs; const rx = sinks.reduce((a, k) => a + k.packets, 0);
  const drops = await udpDropsByPort();
  const zero = sinks.filter((k) => k.packets === 0).length;
  console.log(`t=${s} cpu=${(cpu - lastCpu) / 10}% rx/s=${rx - lastRx} sent/s=${sender.sent - lastSent} ingestDrops=${drops.get(ingest.port)} sinksWithZero=${zero}`);
  lastCpu = cpu; lastRx = rx; lastSent = sender.sent;
}
sender.stop(); await Promise.all(sinks.map((k) => k.close())); await sfu.close();
