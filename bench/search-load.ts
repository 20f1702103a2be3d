import { percentile } from './stats.ts';

/**
 * The search benchmark's client, run as a process of its own (so it does not share the server's
 * event loop): `connections` loops, each sending the next URL of the mix as soon as the last
 * answer arrived, for `seconds`. Prints, as JSON, the latencies per label and overall.
 */
export interface LoadPlan {
  readonly baseUrl: string;
  readonly requests: ReadonlyArray<{ readonly label: string; readonly path: string }>;
  readonly connections: number;
  readonly seconds: number;
}

export interface LoadResult {
  readonly count: number;
  readonly errors: number;
  readonly seconds: number;
  readonly byLabel: Record<string, { count: number; p50: number; p99: number }>;
  readonly p50: number;
  readonly p99: number;
}

async function load(plan: LoadPlan): Promise<LoadResult> {
  const samples = new Map<string, number[]>();
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const until = started + plan.seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const request = plan.requests[next++ % plan.requests.length]!;
      const t0 = performance.now();
      const response = await fetch(`${plan.baseUrl}${request.path}`);
      await response.arrayBuffer();
      const ms = performance.now() - t0;
      if (response.status !== 200) errors++;
      const list = samples.get(request.label) ?? [];
      list.push(ms);
      samples.set(request.label, list);
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  const all = [...samples.values()].flat();
  const byLabel = Object.fromEntries(
    [...samples].map(([label, list]) => [
      label,
      { count: list.length, p50: percentile(list, 50), p99: percentile(list, 99) },
    ]),
  );
  return {
    count: all.length,
    errors,
    seconds: (performance.now() - started) / 1000,
    byLabel,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
  };
}

let input = '';
process.stdin.on('data', (chunk: Buffer) => (input += chunk.toString()));
process.stdin.on('end', () => {
  void load(JSON.parse(input) as LoadPlan).then((result) => {
    process.stdout.write(JSON.stringify(result));
  });
});
