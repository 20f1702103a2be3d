import cliProgress from 'cli-progress';
import { openEventStore } from '@myworld/eventstore';
import { allProjections } from '../all-projections.ts';
import { loadProjectionsConfig } from '../config.ts';
import { createDatabase } from '../database.ts';
import { rebuildAll } from '../rebuild.ts';
import { dropSnapshots, expiredSnapshots } from '../snapshot-retention.ts';
import { progressPercent } from './progress.ts';
import { parseReplayArguments } from './replay-arguments.ts';

/**
 * Replay: rebuilds one or all projections from position 0. Without --until the rebuilt
 * generation replaces the serving one (a running projections process follows it); this is also
 * how a projection marked failed restarts once its handler is fixed. With --until it is an
 * analyst's snapshot schema "as of" that time or position, printed at the end, for querying.
 */
let args;
try {
  args = parseReplayArguments(process.argv.slice(2).filter((a) => a !== '--'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const chosen = args.projection === 'all' ? allProjections : allProjections.filter((p) => p.name === args.projection);
if (chosen.length === 0) {
  console.error(`unknown projection "${args.projection}"; known: ${allProjections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

const config = loadProjectionsConfig();
const store = await openEventStore(config);
// A rebuild's commits need not wait for the disk: each batch commits with its checkpoint, and a
// crash leaves a generation that never switched over (it is dropped and built again).
const db = createDatabase(config.DATABASE_URL, {
  max: 6,
  applicationName: 'myworld-replay',
  asyncCommit: true,
  prepareStatements: true,
});
// Snapshots past SNAPSHOT_TTL_DAYS go now, whatever this run builds (the workers also drop them hourly).
for (const schema of await dropSnapshots(db, expiredSnapshots(config.SNAPSHOT_TTL_DAYS)))
  console.error(`dropped expired snapshot ${schema}`);
const progress = new cliProgress.SingleBar(
  {
    format: `${args.projection.padEnd(16)} [{bar}] {percentage}% | {events} events | {rate} ev/s`,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 1000,
  },
  cliProgress.Presets.shades_classic,
);
try {
  // One read of the log feeds every chosen projection (several apply at once).
  const start = performance.now();
  progress.start(100, 0, { events: 0, rate: 0 });
  const result = await rebuildAll({
    store,
    db,
    projections: chosen,
    ...(args.until ? { until: args.until } : {}),
    onProgress: ({ events, position, head }) =>
      progress.update(progressPercent(position, head), {
        events,
        rate: Math.round(events / ((performance.now() - start) / 1000)),
      }),
  });
  progress.update(100, { events: result.events, rate: Math.round(result.events / result.seconds) });
  progress.stop();
  const asOf = args.until?.time?.toISOString() ?? `${args.until?.position?.commit}/${args.until?.position?.prepare}`;
  for (const built of result.built) {
    const where =
      built.generation.status === 'snapshot'
        ? `snapshot schema ${built.generation.schemaName} (as of ${asOf})`
        : `now serving from ${built.generation.schemaName}`;
    console.log(
      `${built.generation.name}: ${built.events} events in ${built.seconds.toFixed(2)} s = ${Math.round(built.eventsPerSecond)} events/s; ${where}`,
    );
  }
  if (chosen.length > 1) console.log(`all: ${result.events} events in ${result.seconds.toFixed(2)} s wall time`);
  // An event a handler still cannot apply: say which; that projection keeps serving as it was.
  for (const failure of result.failed) console.error(`\n${failure.message}`);
  if (result.failed.length > 0) process.exitCode = 1;
} finally {
  progress.stop();
  await db.destroy();
  await store.close();
}
