import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, comparePositions, type Position } from '@myworld/schemas';
import { catchUp } from '../catch-up.ts';
import { WrongExpectedVersionError, expect as expected, type EventStore, type RecordedEvent } from '../port.ts';
import { sampleEvent, uniqueStream } from './sample-events.ts';

export interface ContractSubject {
  store: EventStore;
  dispose: () => Promise<void>;
  /** Called before the concurrency test, e.g. to move transaction ids close to a digit boundary. */
  beforeConcurrentAppends?: () => Promise<void>;
  /** Called after it with the events seen, e.g. to assert that boundary was crossed. */
  afterConcurrentAppends?: (seen: RecordedEvent[]) => Promise<void> | void;
}

/**
 * Waits until the global log reads up to `position`. A store may hold events back while an older
 * transaction is still open (PostgreSQL's horizon is the whole cluster's, so another database's
 * transactions count), so that none is ever skipped; it must not hold them back for long.
 */
async function readableUpTo(store: EventStore, position: Position): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (comparePositions(await store.headPosition(), position) < 0) {
    if (Date.now() > deadline) throw new Error('the log did not read up to the appended events within 10 s');
    await sleep(20);
  }
}

/** The behaviour every event-store adapter must show; run once per adapter that can be reached. */
export function runEventStoreContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`event store contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => subject?.dispose());

    describe('expected state', () => {
      it('"no stream" creates a stream at version 0 and then refuses', async () => {
        const stream = uniqueStream();
        const first = await store.append(stream, expected.noStream, [sampleEvent()]);
        expect(first.nextVersion).toBe(0n);
        expect(first.appended).toBe(true);
        await expect(store.append(stream, expected.noStream, [sampleEvent()])).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
      });

      it('"stream exists" refuses a missing stream and accepts an existing one', async () => {
        const stream = uniqueStream();
        await expect(store.append(stream, expected.streamExists, [sampleEvent()])).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        await store.append(stream, expected.any, [sampleEvent()]);
        const r = await store.append(stream, expected.streamExists, [sampleEvent()]);
        expect(r.nextVersion).toBe(1n);
      });

      it('an exact version must match the last version, and the error names the actual one', async () => {
        const stream = uniqueStream();
        await store.append(stream, expected.noStream, [sampleEvent(), sampleEvent()]);
        const ok = await store.append(stream, expected.version(1n), [sampleEvent()]);
        expect(ok.nextVersion).toBe(2n);
        const stale = store.append(stream, expected.version(1n), [sampleEvent()]);
        await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedVersionError', actual: 2n });
        await expect(store.append(uniqueStream(), expected.version(0n), [sampleEvent()])).rejects.toMatchObject({
          actual: 'no_stream',
        });
      });

      it('"any" always appends after the current end', async () => {
        const stream = uniqueStream();
        await store.append(stream, expected.any, [sampleEvent()]);
        const r = await store.append(stream, expected.any, [sampleEvent(), sampleEvent()]);
        expect(r.nextVersion).toBe(2n);
      });

      it('a failed append writes nothing', async () => {
        const stream = uniqueStream();
        await store.append(stream, expected.noStream, [sampleEvent()]);
        await expect(store.append(stream, expected.version(5n), [sampleEvent(), sampleEvent()])).rejects.toThrow();
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('reading', () => {
      it('reads a stream in version order with data, metadata, ids and times', async () => {
        const stream = uniqueStream();
        const events = [sampleEvent('A', { n: 1 }), sampleEvent('B', { n: 2 }), sampleEvent('C', { n: 3 })];
        await store.append(stream, expected.noStream, events.slice(0, 2));
        await store.append(stream, expected.version(1n), events.slice(2));
        const read = await store.readStream(stream);
        expect(read.map((e) => e.type)).toEqual(['A', 'B', 'C']);
        expect(read.map((e) => e.version)).toEqual([0n, 1n, 2n]);
        expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(read[1]!.data).toEqual({ n: 2 });
        expect(read[0]!.metadata.correlationId).toBe(events[0]!.metadata.correlationId);
        expect(read[0]!.stream).toBe(stream);
        expect(read[0]!.createdAt).toBeInstanceOf(Date);
        expect(comparePositions(read[0]!.position, read[2]!.position)).toBeLessThan(0);
        expect(await store.readStream(stream, 2n)).toHaveLength(1);
      });

      it('reads a missing stream as empty', async () => {
        expect(await store.readStream(uniqueStream())).toEqual([]);
      });

      it('streams read side by side (as a command reads its own and the one it decides on) each read as alone', async () => {
        const [a, b, missing] = [uniqueStream(), uniqueStream(), uniqueStream()];
        await store.append(a, expected.noStream, [sampleEvent('A1'), sampleEvent('A2')]);
        await store.append(b, expected.noStream, [sampleEvent('B1'), sampleEvent('B2'), sampleEvent('B3')]);
        const [readA, readB, readMissing, readATwice, readBLater] = await Promise.all([
          store.readStream(a),
          store.readStream(b),
          store.readStream(missing),
          store.readStream(a),
          store.readStream(b, 1n),
        ]);
        expect(readA.map((e) => e.type)).toEqual(['A1', 'A2']);
        expect(readB.map((e) => [e.type, e.version])).toEqual([
          ['B1', 0n],
          ['B2', 1n],
          ['B3', 2n],
        ]);
        expect(readMissing).toEqual([]);
        expect(readATwice).toEqual(readA);
        expect(readATwice).not.toBe(readA); // each caller may keep its own array
        expect(readBLater.map((e) => e.type)).toEqual(['B2', 'B3']);
      });

      it('reads the global log in order and resumes exactly after a checkpoint', async () => {
        const start = await store.headPosition();
        const stream = uniqueStream();
        const ids: string[] = [];
        let last = start;
        for (let i = 0; i < 5; i++) {
          const e = sampleEvent('Step', { i });
          ids.push(e.id);
          last = (await store.append(stream, expected.any, [e])).position;
        }
        await readableUpTo(store, last);
        const mine = (batch: RecordedEvent[]) => batch.filter((e) => e.stream === stream);
        const firstTwo = mine(await store.readAll({ after: start, maxCount: 1000 })).slice(0, 2);
        expect(firstTwo.map((e) => e.id)).toEqual(ids.slice(0, 2));
        const rest = mine(await store.readAll({ after: firstTwo[1]!.position, maxCount: 1000 }));
        expect(rest.map((e) => e.id)).toEqual(ids.slice(2));
        const head = await store.headPosition();
        expect(comparePositions(head, rest[rest.length - 1]!.position)).toBeGreaterThanOrEqual(0);
      });

      it('pages through the log in small batches without gaps', async () => {
        const start = await store.headPosition();
        const stream = uniqueStream();
        const appended = await store.append(
          stream,
          expected.noStream,
          Array.from({ length: 7 }, (_, i) => sampleEvent('Paged', { i })),
        );
        await readableUpTo(store, appended.position);
        const seen: RecordedEvent[] = [];
        let after: Position = start;
        for (;;) {
          const batch = await store.readAll({ after, maxCount: 2 });
          if (batch.length === 0) break;
          seen.push(...batch);
          after = batch[batch.length - 1]!.position;
        }
        expect(seen.filter((e) => e.stream === stream).map((e) => (e.data as { i: number }).i)).toEqual([
          0, 1, 2, 3, 4, 5, 6,
        ]);
      });
    });

    describe('idempotent event ids', () => {
      it('appending the same ids again is a no-op that reports the original position', async () => {
        const stream = uniqueStream();
        const events = [sampleEvent(), sampleEvent()];
        const first = await store.append(stream, expected.noStream, events);
        const again = await store.append(stream, expected.noStream, events);
        expect(again.appended).toBe(false);
        expect(again.nextVersion).toBe(first.nextVersion);
        expect(comparePositions(again.position, first.position)).toBe(0);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('concurrent appends of one id store it once', async () => {
        const stream = uniqueStream();
        const event = sampleEvent();
        const results = await Promise.allSettled(
          Array.from({ length: 5 }, () => store.append(stream, expected.any, [event])),
        );
        expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('concurrency', () => {
      it('8 concurrent appenders: a live subscriber sees every event exactly once, in per-stream order', async () => {
        await subject.beforeConcurrentAppends?.();
        const from = await store.headPosition();
        const run = uniqueStream('run');
        const APPENDERS = 8;
        const PER_APPENDER = 150;
        const sharedStreams = [`${run}-shared-a`, `${run}-shared-b`];

        const seen: RecordedEvent[] = [];
        const written = new Set<string>();
        const controller = new AbortController();
        const subscriber = catchUp(store, {
          from,
          batchSize: 50,
          signal: controller.signal,
          handle: async (batch) => {
            for (const e of batch) if (e.stream.startsWith(run)) seen.push(e);
          },
        });

        await Promise.all(
          Array.from({ length: APPENDERS }, async (_, a) => {
            const own = `${run}-own-${a}`;
            for (let i = 0; i < PER_APPENDER; i++) {
              // Mix single events, small batches, a private stream and two contended ones.
              const target = i % 3 === 0 ? sharedStreams[i % 2]! : own;
              const batch =
                i % 10 === 0
                  ? [sampleEvent('Burst', { a, i }), sampleEvent('Burst', { a, i })]
                  : [sampleEvent('Tick', { a, i })];
              await store.append(target, expected.any, batch);
              for (const e of batch) written.add(e.id);
            }
          }),
        );

        const deadline = Date.now() + 20_000;
        while (seen.length < written.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 100)); // anything extra (a double) would arrive now
        controller.abort();
        await subscriber;

        const seenIds = seen.map((e) => e.id);
        expect(new Set(seenIds).size).toBe(seenIds.length); // nothing doubled
        expect(seenIds.length).toBe(written.size); // nothing skipped
        expect([...written].filter((id) => !seenIds.includes(id))).toEqual([]);
        for (let i = 1; i < seen.length; i++) {
          expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
        }
        const lastVersion = new Map<string, bigint>();
        for (const e of seen) {
          const prev = lastVersion.get(e.stream) ?? -1n;
          expect(e.version).toBe(prev + 1n); // per-stream order is the global order
          lastVersion.set(e.stream, e.version);
        }
        await subject.afterConcurrentAppends?.(seen);
      });
    });

    it('START is before every event', async () => {
      const batch = await store.readAll({ after: START, maxCount: 1 });
      expect(batch).toHaveLength(1);
      expect(comparePositions(START, batch[0]!.position)).toBeLessThan(0);
    });
  });
}
