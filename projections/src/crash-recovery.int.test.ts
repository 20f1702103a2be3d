import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing/test-database';
import { createDatabase } from './database.ts';
import { activeGeneration, ensureRegistry } from './generations.ts';
import { rebuild } from './rebuild.ts';
import { timelinesProjection } from './timelines/timelines.projection.ts';
import { seedEvents } from './testing/seed-events.ts';
import { rowCount, schemaDifferences } from './testing/compare-schemas.ts';
import { comparePositions } from '@myworld/schemas';

const EVENTS = 20_000;

function startRunner(databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'projections/src/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PROJECTION_BATCH_SIZE: '400' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

describe('projection runner killed in the middle of a batch', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let kysely: Kysely<any>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('crash');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
    kysely = createDatabase(db.url, { max: 3 });
    await ensureRegistry(kysely);
    await seedEvents(store, EVENTS);
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await kysely.destroy();
    await store.close();
    await db.drop();
  });

  it('after SIGKILL mid-transaction and a restart, the read model equals a clean rebuild', async () => {
    const first = startRunner(db.url);
    children.push(first);

    // Wait until the runner has committed some batches and is inside a batch transaction now.
    let killedMidBatch = false;
    for (let i = 0; i < 2000 && !killedMidBatch; i++) {
      const g = await activeGeneration(kysely, 'timelines');
      if (g && g.eventsApplied > 0 && g.eventsApplied < EVENTS - 2000) {
        const open = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and application_name = 'myworld-projections' and xact_start is not null and state <> 'idle'`.execute(kysely);
        if (Number(open.rows[0]!.n) > 0) {
          first.kill('SIGKILL');
          killedMidBatch = true;
        }
      }
      if (!killedMidBatch) await sleep(5);
    }
    expect(killedMidBatch).toBe(true);
    await new Promise((resolve) => (first.exitCode !== null || first.signalCode !== null ? resolve(null) : first.once('exit', resolve)));
    expect(first.signalCode).toBe('SIGKILL');
    const atCrash = await activeGeneration(kysely, 'timelines');
    expect(atCrash!.eventsApplied).toBeLessThan(EVENTS);

    const second = startRunner(db.url);
    children.push(second);
    const head = await store.headPosition();
    for (let i = 0; i < 600; i++) {
      const g = await activeGeneration(kysely, 'timelines');
      if (g && comparePositions(g.checkpoint, head) >= 0) break;
      await sleep(100);
    }
    second.kill('SIGTERM');
    const live = await activeGeneration(kysely, 'timelines');
    expect(comparePositions(live!.checkpoint, head)).toBe(0);

    const clean = await rebuild({ store, db: kysely, projection: timelinesProjection, until: { position: head } });
    expect(clean.events).toBe(EVENTS);
    const tables = ['timeline_entries', 'stream_summaries'];
    expect(await schemaDifferences(kysely, live!.schemaName, clean.generation.schemaName, tables)).toEqual({ timeline_entries: 0, stream_summaries: 0 });
    expect(await rowCount(kysely, live!.schemaName, 'timeline_entries')).toBe(EVENTS);
    const summed = await sql<{ n: number }>`select sum(events) as n from ${sql.id(live!.schemaName, 'stream_summaries')}`.execute(kysely);
    expect(Number(summed.rows[0]!.n)).toBe(EVENTS); // a doubled batch would count twice here
  });
});
