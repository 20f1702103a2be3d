import cliProgress from 'cli-progress';
import { openEventStore } from '@myworld/eventstore';
import { allProjections } from '../all-projections.ts';
import { loadProjectionsConfig } from '../config.ts';
import { createDatabase } from '../database.ts';
import { ProjectionEventError } from '../failures.ts';
import { rebuild } from '../rebuild.ts';
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
const db = createDatabase(config.DATABASE_URL, { max: 4, applicationName: 'myworld-replay' });
let bar: cliProgress.SingleBar | undefined;
try {
  for (const projection of chosen) {
    const progress = new cliProgress.SingleBar(
      { format: `${projection.name.padEnd(16)} [{bar}] {percentage}% | {events} events | {rate} ev/s`, hideCursor: true, noTTYOutput: true, notTTYSchedule: 1000 },
      cliProgress.Presets.shades_classic,
    );
    bar = progress;
    const start = performance.now();
    progress.start(100, 0, { events: 0, rate: 0 });
    const result = await rebuild({
      store,
      db,
      projection,
      ...(args.until ? { until: args.until } : {}),
      onProgress: ({ events, position, head }) => {
        const pct = head.prepare > 0n ? Math.min(100, Number((position.prepare * 100n) / head.prepare)) : 100;
        progress.update(pct, { events, rate: Math.round(events / ((performance.now() - start) / 1000)) });
      },
    });
    progress.update(100, { events: result.events, rate: Math.round(result.eventsPerSecond) });
    progress.stop();
    const where = result.generation.status === 'snapshot' ? `snapshot schema ${result.generation.schemaName} (as of ${args.until?.time?.toISOString() ?? `${args.until?.position?.commit}/${args.until?.position?.prepare}`})` : `now serving from ${result.generation.schemaName}`;
    console.log(`${projection.name}: ${result.events} events in ${result.seconds.toFixed(2)} s = ${Math.round(result.eventsPerSecond)} events/s; ${where}`);
  }
} catch (error) {
  bar?.stop();
  // An event the handler still cannot apply: say which, keep the serving generation as it was.
  if (!(error instanceof ProjectionEventError)) throw error;
  console.error(`\n${error.message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
  await store.close();
}
