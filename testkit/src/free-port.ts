import { createServer } from 'node:net';

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `count` consecutive TCP ports nothing listens on right now (for API_INSTANCES: PORT, PORT+1, ...). */
export async function freePorts(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    const rest = Array.from({ length: count - 1 }, (_, i) => first + 1 + i);
    if (first + count - 1 > 65535) continue;
    if ((await Promise.all(rest.map(isFree))).every(Boolean)) return [first, ...rest];
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
