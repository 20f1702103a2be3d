import type { Position } from '@myworld/schemas';
import type {
  AppendResult,
  EventStore,
  ExpectedState,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  Subscription,
} from '../port.ts';
import { isSealedField, openField, sealField } from './field-cipher.ts';
import { forgottenSubjectOf, personalFieldsOf, redactedValue } from './personal-fields.ts';
import type { SubjectKeys } from './subject-keys.ts';

/**
 * Crypto-shredding around any event store. On append, the personal fields (personal-fields.ts) are
 * sealed with their subject's key; on read they are opened again, so deciders and projections see
 * plain values while the key exists. An event that forgets a subject (AccountDeleted) destroys its
 * key once appended: from then on every read, live or a replay from 0, sees those fields as their
 * redaction, while the log itself is never rewritten.
 *
 * Events written before this decorator hold plain values and read as they are (they are not
 * shreddable). A read that meets a forgetting event whose key still exists (a crash between the
 * append and the destruction) destroys it before opening anything.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly keys: SubjectKeys,
  ) {}

  get name(): EventStore['name'] {
    return this.inner.name;
  }

  async append(stream: string, expected: ExpectedState, events: readonly NewEvent[]): Promise<AppendResult> {
    const result = await this.inner.append(stream, expected, await this.seal(events));
    // Also on an idempotent retry (appended: false): the first attempt may have stopped before this.
    for (const event of events) {
      const subject = forgottenSubjectOf(event);
      if (subject) await this.keys.destroy(subject);
    }
    return result;
  }

  async readStream(stream: string, fromVersion?: bigint, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(stream, fromVersion);
    return options?.personalData === 'redacted' ? events.map(redacted) : this.open(events);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.open(await this.inner.readAll(options));
  }

  headPosition(): Promise<Position> {
    return this.inner.headPosition();
  }

  onAppended(onWake: () => void): Promise<Subscription> {
    return this.inner.onAppended(onWake);
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.keys.close();
  }

  private async seal(events: readonly NewEvent[]): Promise<readonly NewEvent[]> {
    const subjects = new Set<string>();
    for (const event of events) {
      const declared = personalFieldsOf(event.type);
      if (declared) subjects.add(subjectOf(event, declared.subject));
    }
    if (subjects.size === 0) return events;
    const keys = await this.keys.forWriting([...subjects]);
    return events.map((event) => {
      const declared = personalFieldsOf(event.type);
      if (!declared) return event;
      const subject = subjectOf(event, declared.subject);
      const key = keys.get(subject) ?? null;
      const data = { ...(event.data as Record<string, unknown>) };
      for (const [field, redaction] of Object.entries(declared.fields)) {
        const value = data[field];
        if (value === undefined || value === null) continue;
        // A forgotten subject's data is never written readable.
        data[field] = key ? sealField(key, subject, event.id, field, value) : redactedValue(redaction, subject);
      }
      return { ...event, data };
    });
  }

  private async open(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const subjects = new Set<string>();
    const forgotten = new Set<string>();
    for (const event of events) {
      const subject = forgottenSubjectOf(event);
      if (subject) forgotten.add(subject);
      const declared = personalFieldsOf(event.type);
      if (!declared) continue;
      for (const field of Object.keys(declared.fields)) {
        const value = (event.data as Record<string, unknown>)[field];
        if (isSealedField(value)) subjects.add(value.sub);
      }
    }
    if (subjects.size === 0 && forgotten.size === 0) return events;
    const keys = await this.keys.forReading([...subjects, ...forgotten]);
    for (const subject of forgotten) {
      if (!keys.has(subject)) continue;
      await this.keys.destroy(subject);
      keys.delete(subject);
    }
    if (subjects.size === 0) return events;
    return events.map((event) => {
      const declared = personalFieldsOf(event.type);
      if (!declared) return event;
      let data: Record<string, unknown> | undefined;
      for (const [field, redaction] of Object.entries(declared.fields)) {
        const value = (event.data as Record<string, unknown>)[field];
        if (!isSealedField(value)) continue;
        data ??= { ...(event.data as Record<string, unknown>) };
        const key = keys.get(value.sub);
        data[field] = key ? openField(key, event.id, field, value) : redactedValue(redaction, value.sub);
      }
      return data ? { ...event, data } : event;
    });
  }
}

/** The event with each of its personal fields (sealed or, written before sealing, plain) as its redaction. */
function redacted(event: RecordedEvent): RecordedEvent {
  const declared = personalFieldsOf(event.type);
  if (!declared) return event;
  const data = { ...(event.data as Record<string, unknown>) };
  const subject = String(data[declared.subject]);
  for (const [field, redaction] of Object.entries(declared.fields)) {
    if (data[field] !== undefined && data[field] !== null) data[field] = redactedValue(redaction, subject);
  }
  return { ...event, data };
}

function subjectOf(event: NewEvent, field: string): string {
  const subject = (event.data as Record<string, unknown> | null)?.[field];
  if (typeof subject !== 'string' || subject.length === 0)
    throw new Error(`${event.type} ${event.id}: its personal data names no subject in "${field}"`);
  return subject;
}
