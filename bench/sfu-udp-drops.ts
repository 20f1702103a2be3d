import { readFile } from 'node:fs/promises';

/**
 * Datagrams the kernel dropped per local UDP port (IPv4) because the socket's receive buffer was
 * full, from /proc/net/udp. Lets the benchmark tell "the SFU did not forward it" apart from
 * "the benchmark's own receiver was too slow to read it".
 */
export async function udpDropsByPort(): Promise<Map<number, number>> {
  const text = await readFile('/proc/net/udp', 'utf8');
  const drops = new Map<number, number>();
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const local = fields[1];
    const dropped = fields.at(-1);
    if (!local || dropped === undefined || fields.length < 13) continue;
    const port = Number.parseInt(local.split(':')[1] ?? '', 16);
    drops.set(port, (drops.get(port) ?? 0) + Number(dropped));
  }
  return drops;
}
