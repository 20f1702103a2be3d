import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { START, comparePositions, formatPosition, type Position } from '@myworld/schemas';
import { personalFieldsOf, type EventStore, type RecordedEvent } from '@myworld/eventstore';

export interface ExportOptions {
  store: EventStore;
  /** Half-open window on the time each event was appended: from <= createdAt < to. */
  from: Date;
  to: Date;
  /** Only these event types (all when undefined). */
  types?: readonly string[] | undefined;
  out: Writable;
  /** Events read from the log per page (default 2,000). */
  batchSize?: number;
  onProgress?: (progress: { read: number; written: number; position: Position; head: Position }) => void;
  /** Keep the personal fields (names, addresses, what users wrote) readable. Default: false, they read "[redacted]". */
  includePersonal?: boolean;
}

/** Credentials some payloads carry (password and token hashes): no analysis needs them, so they never leave the log. */
const SECRET_FIELDS = new Set(['passwordHash', 'tokenHash']);
const REDACTED = '[redacted]';

function withoutSecrets(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !Object.keys(data).some((k) => SECRET_FIELDS.has(k))) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? REDACTED : v]));
}

/** The personal fields declared for the event's type (eventstore personal-fields.ts), redacted where they hold a value. */
function withoutPersonalFields(type: string, data: unknown): unknown {
  const declared = personalFieldsOf(type);
  if (!declared || typeof data !== 'object' || data === null) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of Object.keys(declared.fields)) {
    const value = copy[field];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    copy[field] = Array.isArray(value) ? [REDACTED] : REDACTED;
  }
  return copy;
}

/** One line of the export: the event as the log holds it, less credentials (and personal fields unless kept); positions as "commit/prepare" text (JSON has no 64-bit integers). */
function exportLine(event: RecordedEvent, includePersonal: boolean): string {
  return JSON.stringify({
    position: formatPosition(event.position),
    stream: event.stream,
    version: Number(event.version),
    type: event.type,
    data: withoutSecrets(includePersonal ? event.data : withoutPersonalFields(event.type, event.data)),
    metadata: event.metadata,
    createdAt: event.createdAt.toISOString(),
  });
}

/**
 * Writes the events of every stream, in log order, as NDJSON to `out`. Reads through the
 * event-store port page by page up to the head as it was at the start (so appends during the
 * export do not make it endless), and waits for `out` to drain: only one page is ever in memory.
 * The log is ordered by commit, not by time, so every page is read and filtered.
 */
export async function exportEvents(options: ExportOptions): Promise<{ read: number; written: number }> {
  const { store, from, to, out } = options;
  const batchSize = options.batchSize ?? 2_000;
  const types = options.types ? new Set(options.types) : undefined;
  const wanted = (e: RecordedEvent) => e.createdAt >= from && e.createdAt < to && (!types || types.has(e.type));
  const head = await store.headPosition();
  let position = START;
  let read = 0;
  let written = 0;
  while (comparePositions(position, head) < 0) {
    const page = (await store.readAll({ after: position, maxCount: batchSize })).filter(
      (e) => comparePositions(e.position, head) <= 0,
    );
    if (page.length === 0) break;
    read += page.length;
    position = page[page.length - 1]!.position;
    const lines = page.filter(wanted).map((e) => `${exportLine(e, options.includePersonal ?? false)}\n`);
    written += lines.length;
    if (out.errored) throw out.errored;
    // once() rejects if the stream errs (a closed pipe, a full disk) while we wait.
    if (lines.length > 0 && !out.write(lines.join(''))) await once(out, 'drain');
    options.onProgress?.({ read, written, position, head });
  }
  return { read, written };
}
