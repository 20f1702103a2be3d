import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import cliProgress from 'cli-progress';
import { openEventStore } from '@myworld/eventstore';
import { loadProjectionsConfig } from '../config.ts';
import { parseExportArguments } from './export-arguments.ts';
import { exportEvents } from './export-events.ts';
import { progressPercent } from './progress.ts';

/**
 * Export for analysts' own tools: the events appended in [--from, --to) (optionally only
 * --types), of every stream in log order, as NDJSON on stdout or in --out, with a progress bar
 * on stderr; password and token hashes are redacted. Works on either event store (it reads
 * through the port). `npm run` prints its own banner on stdout: use --out, or `npm run -s export`.
 */
let args;
try {
  args = parseExportArguments(process.argv.slice(2).filter((a) => a !== '--'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const out = args.out ? createWriteStream(args.out) : process.stdout;
out.on('error', (error: NodeJS.ErrnoException) => {
  // The reader went away (`| head`): stop quietly, as Unix tools do.
  if (error.code === 'EPIPE') process.exit(0);
});
const store = await openEventStore(loadProjectionsConfig());
const bar = new cliProgress.SingleBar(
  { format: 'export [{bar}] {percentage}% | {read} events read | {written} written', hideCursor: true, noTTYOutput: true, notTTYSchedule: 1000, stream: process.stderr },
  cliProgress.Presets.shades_classic,
);
bar.start(100, 0, { read: 0, written: 0 });
try {
  const { read, written } = await exportEvents({
    store,
    from: args.from,
    to: args.to,
    types: args.types,
    out,
    onProgress: ({ read, written, position, head }) => bar.update(progressPercent(position, head), { read, written }),
  });
  bar.update(100, { read, written });
  bar.stop();
  if (args.out) {
    out.end();
    await finished(out);
  }
  console.error(`exported ${written} of ${read} events${args.out ? ` to ${args.out}` : ''}`);
} catch (error) {
  bar.stop();
  console.error(`export failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
