import pg from 'pg';
import { PERSONAL_DATA_KEYS_SCHEMA_SQL } from '../postgres/schema.ts';
import { newSubjectKey } from './field-cipher.ts';
import { KeyWrapping, isUnwrapped } from './key-wrapping.ts';
import { migrateUnderLock } from '../postgres/migrate-under-lock.ts';
import { survivesConnectionLoss, type ConnectionErrorHandler } from '../postgres/connection-loss.ts';

/** The per-subject keys of personal fields: null for a subject whose key was destroyed. */
export interface SubjectKeys {
  /** Each subject's key, made on first use; null when destroyed (its data must not be written readable). */
  forWriting(subjects: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** The keys that still exist; a subject missing from the answer reads as redacted. */
  forReading(subjects: readonly string[]): Promise<Map<string, Buffer>>;
  /** Destroys a subject's key for good (idempotent); also for a subject that never had one. */
  destroy(subject: string): Promise<void>;
  close(): Promise<void>;
}

interface KeyRow {
  subject_id: string;
  key: Buffer | null;
  forgotten: boolean;
}

/**
 * The key table `personal_data_keys` in PostgreSQL (see postgres/schema.ts). Keys are stored
 * wrapped with the key-encryption key from PERSONAL_DATA_SECRET and unwrapped in memory only.
 * Destroying a key deletes its row and records the subject in `personal_data_forgotten_subjects`,
 * which always wins: a key row for a forgotten subject (a first write racing the deletion) is
 * never used, and is deleted by the next destroy.
 */
export class PostgresSubjectKeys implements SubjectKeys {
  private readonly wrapping: KeyWrapping;

  /**
   * @param pool the connections to use (the PostgreSQL event store's own, or one of its own).
   * @param secret PERSONAL_DATA_SECRET: derives the key-encryption key.
   * @param ownsPool whether close() ends the pool. Default: false.
   */
  constructor(
    private readonly pool: pg.Pool,
    secret: string,
    private readonly ownsPool = false,
  ) {
    this.wrapping = new KeyWrapping(secret);
  }

  /** A key store with a small pool of its own (for deployments whose events are in EventStoreDB). */
  static connect(
    connectionString: string,
    secret: string,
    onConnectionError?: ConnectionErrorHandler,
  ): PostgresSubjectKeys {
    const pool = survivesConnectionLoss(
      new pg.Pool({ connectionString, max: 4, application_name: 'myworld-personal-data-keys' }),
      onConnectionError,
    );
    return new PostgresSubjectKeys(pool, secret, true);
  }

  /**
   * Creates the key tables (idempotent; serialised against concurrent migrators), then wraps the
   * keys stored raw before wrapping existed. Those rows' old versions are vacuumed at once.
   */
  async migrate(): Promise<void> {
    await migrateUnderLock(this.pool, 'myworld_personal_data_keys_schema', PERSONAL_DATA_KEYS_SCHEMA_SQL);
    const raw = await this.pool.query<{ subject_id: string; key: Buffer }>(
      'select subject_id, key from personal_data_keys where length(key) = 32',
    );
    if (raw.rows.length === 0) return;
    for (const row of raw.rows) {
      if (!isUnwrapped(row.key)) continue;
      // Compare-and-set: a concurrent migrator may have wrapped it already.
      await this.pool.query('update personal_data_keys set key = $3 where subject_id = $1 and key = $2', [
        row.subject_id,
        row.key,
        this.wrapping.wrap(row.subject_id, row.key),
      ]);
    }
    await this.vacuum();
  }

  /** Prunes dead row versions (old raw or destroyed keys) now rather than at autovacuum's next round; best effort. */
  async vacuum(): Promise<void> {
    await this.pool.query('vacuum personal_data_keys').catch(() => undefined);
  }

  private async rows(subjects: readonly string[]): Promise<KeyRow[]> {
    // Prepared (named): reading a stream with personal fields looks its keys up every time.
    const r = await this.pool.query<KeyRow>({
      name: 'myworld_subject_keys',
      text: `select s.subject_id, k.key, (f.subject_id is not null) as forgotten
         from unnest($1::text[]) as s(subject_id)
         left join personal_data_keys k on k.subject_id = s.subject_id
         left join personal_data_forgotten_subjects f on f.subject_id = s.subject_id`,
      values: [subjects],
    });
    return r.rows;
  }

  private open(row: KeyRow): Buffer | null {
    return row.forgotten || !row.key ? null : this.wrapping.unwrap(row.subject_id, row.key);
  }

  async forWriting(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const keys = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const row of await this.rows(subjects)) {
      if (!row.forgotten && !row.key) missing.push(row.subject_id);
      else keys.set(row.subject_id, this.open(row));
    }
    if (missing.length > 0) {
      // A concurrent first write for the same subject may win: its key is the one read back.
      await this.pool.query(
        'insert into personal_data_keys (subject_id, key) select * from unnest($1::text[], $2::bytea[]) on conflict (subject_id) do nothing',
        [missing, missing.map((subject) => this.wrapping.wrap(subject, newSubjectKey()))],
      );
      for (const row of await this.rows(missing)) keys.set(row.subject_id, this.open(row));
    }
    return keys;
  }

  async forReading(subjects: readonly string[]): Promise<Map<string, Buffer>> {
    if (subjects.length === 0) return new Map();
    const keys = new Map<string, Buffer>();
    for (const row of await this.rows(subjects)) {
      const key = this.open(row);
      if (key) keys.set(row.subject_id, key);
    }
    return keys;
  }

  async destroy(subject: string): Promise<void> {
    // One statement: the subject is forgotten and its key row gone together.
    await this.pool.query(
      `with forgotten as (
         insert into personal_data_forgotten_subjects (subject_id) values ($1) on conflict (subject_id) do nothing
       )
       delete from personal_data_keys where subject_id = $1`,
      [subject],
    );
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
