import { createWriteStream } from 'node:fs';
import { userInfo } from 'node:os';
import { finished } from 'node:stream/promises';
import cliProgress from 'cli-progress';
import { openEventStore } from '@myworld/eventstore';
import { loadProjectionsConfig } from '../config.ts';
import { createDatabase } from '../database.ts';
import { dropSnapshots, expiredSnapshots } from '../snapshot-retention.ts';
import { PersonalExportRefused, authorizePersonalExport } from './personal-export-audit.ts';
import { parseExportArguments } from './export-arguments.ts';
import { exportEvents } from './export-events.ts';
import { progressPercent } from './progress.ts';

/**
 * Export for analysts' own tools: the events appended in [--from, --to) (optionally only
 * --types), of every stream in log order, as NDJSON on stdout or in --out, with a progress bar
 * on stderr; password and token hashes are redacted. Works on either event store (it reads
 * through the port). `npm run` prints its own banner on stdout: use --out, or `npm run -s export`.
 *
 * Personal fields (names, addresses, birth dates, what users wrote) read "[redacted]" unless
 * `--include-personal USERNAME` names an analyst or admin: that is checked against the roles read
 * model and recorded (PersonalDataExported) before anything is written. Expired as-of snapshots
 * (SNAPSHOT_TTL_DAYS) are dropped at the start.
 */
let args;
try {
  args = parseExportArguments(process.argv.slice(2).filter((a) => a !== '--'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const config = loadProjectionsConfig();
const store = await openEventStore(config);
const db = createDatabase(config.DATABASE_URL, { max: 2, applicationName: 'myworld-export' });
try {
  await dropSnapshots(db, expiredSnapshots(config.SNAPSHOT_TTL_DAYS));
  if (args.includePersonal) {
    let operator = process.env.USER ?? 'unknown';
    try {
      operator = userInfo().username;
    } catch {
      // no passwd entry: $USER
    }
    await authorizePersonalExport(db, store, { username: args.includePersonal, scope: args, operator });
    console.error(`exporting personal fields for @${args.includePersonal} (recorded as PersonalDataExported)`);
  }
} catch (error) {
  console.error(error instanceof PersonalExportRefused ? error.message : `export failed: ${(error as Error).message}`);
  await db.destroy();
  await store.close();
  process.exit(error instanceof PersonalExportRefused ? 2 : 1);
}
await db.destroy();

// Opened only now: nothing is written (not even an empty file) before the checks above pass.
const out = args.out ? createWriteStream(args.out) : process.stdout;
out.on('error', (error: NodeJS.ErrnoException) => {
  // The reader went away (`| head`): stop quietly, as Unix tools do.
  if (error.code === 'EPIPE') process.exit(0);
});
const bar = new cliProgress.SingleBar(
  {
    format: 'export [{bar}] {percentage}% | {read} events read | {written} written',
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 1000,
    stream: process.stderr,
  },
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
    includePersonal: Boolean(args.includePersonal),
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
