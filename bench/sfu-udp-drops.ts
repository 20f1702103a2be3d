import { readFile, readdir, readlink } from 'node:fs/promises';

/**
 * UDP datagrams the kernel dropped because a socket's receive buffer was full, from /proc/net/udp
 * (IPv4). Lets the benchmark tell "the SFU did not forward it" apart from "the benchmark's own
 * receiver was too slow to read it", and see the workers' own receive drops (ingest and pipes).
 */
export type UdpDrops = {
  /** Drops per local port (summed over sockets sharing a port). */
  byPort: Map<number, number>;
  /** Drops per socket inode. */
  byInode: Map<number, number>;
};

export async function udpDrops(): Promise<UdpDrops> {
  const text = await readFile('/proc/net/udp', 'utf8');
  const byPort = new Map<number, number>();
  const byInode = new Map<number, number>();
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const local = fields[1];
    const dropped = fields.at(-1);
    if (!local || dropped === undefined || fields.length < 13) continue;
    const port = Number.parseInt(local.split(':')[1] ?? '', 16);
    byPort.set(port, (byPort.get(port) ?? 0) + Number(dropped));
    byInode.set(Number(fields[9]), Number(dropped));
  }
  return { byPort, byInode };
}

/** Inodes of the sockets a process holds open (from its /proc/<pid>/fd links). */
export async function socketInodes(pid: number): Promise<Set<number>> {
  const inodes = new Set<number>();
  for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match) inodes.add(Number(match[1]));
  }
  return inodes;
}
