import http from 'node:http';
import { percentile } from './stats.ts';

/** What the like bench's client process is told: where, for how long, and one cookie per connection. */
export interface LikePlan {
  readonly baseUrl: string;
  readonly origin: string;
  /** Each connection likes and then unlikes each of these in turn. */
  readonly postIds: readonly string[];
  readonly cookies: readonly string[];
  readonly seconds: number;
  /** Requests a second across all connections, each sent on schedule; absent: as fast as answers come. */
  readonly rate?: number;
}

export interface LikeLoad {
  readonly requests: number;
  readonly errors: number;
  readonly p50: number;
  readonly p99: number;
}

/**
 * One keep-alive connection per cookie, each a user of its own going through the posts: like, then
 * unlike, then the next post (each starting at a post of its own, so the posts are liked evenly).
 * As fast as the answers come, or with `rate`, each on its schedule (a latency counts from when the
 * request was due, so a slow answer also counts against the ones queued behind it). Every request
 * records an event, so none is a repeat that finds its count already projected.
 */
export async function likeLoad(plan: LikePlan): Promise<LikeLoad> {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + plan.seconds * 1000;
  const urls = plan.postIds.map((id) => new URL(`/api/posts/${id}/like`, plan.baseUrl));
  await Promise.all(
    plan.cookies.map(async (cookie, connection) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const everyMs = plan.rate ? (plan.cookies.length * 1000) / plan.rate : 0;
      let due = performance.now() + Math.random() * everyMs;
      for (let n = 0; Date.now() < until; n++) {
        const like = n % 2 === 0;
        const url = urls[(connection + Math.floor(n / 2)) % urls.length]!;
        if (everyMs > 0) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        const started = everyMs > 0 ? due : performance.now();
        due += everyMs;
        const status = await request(url, like ? 'POST' : 'DELETE', { cookie, origin: plan.origin }, agent);
        latencies.push(performance.now() - started);
        if (status !== 200) errors++;
      }
      agent.destroy();
    }),
  );
  return { requests: latencies.length, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function request(url: URL, method: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end();
  });
}

// Run as the bench's client process: the plan on stdin, the figures on stdout.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  let input = '';
  process.stdin.on('data', (chunk: Buffer) => (input += chunk.toString()));
  process.stdin.once('end', () => {
    likeLoad(JSON.parse(input) as LikePlan).then(
      (load) => process.stdout.write(JSON.stringify(load)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
