import pg from 'pg';
import { PERSONAL_DATA_KEYS_SCHEMA_SQL } from '../postgres/schema.ts';
import { newSubjectKey } from './field-cipher.ts';
import { migrateUnderLock } from '../postgres/migrate-under-lock.ts';

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
}

/** The key table `personal_data_keys` in PostgreSQL (see postgres/schema.ts). */
export class PostgresSubjectKeys implements SubjectKeys {
  /**
   * @param pool the connections to use (the PostgreSQL event store's own, or one of its own).
   * @param ownsPool whether close() ends the pool. Default: false.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool = false,
  ) {}

  /** A key store with a small pool of its own (for deployments whose events are in EventStoreDB). */
  static connect(connectionString: string): PostgresSubjectKeys {
    const pool = new pg.Pool({ connectionString, max: 4, application_name: 'myworld-personal-data-keys' });
    pool.on('error', () => undefined);
    return new PostgresSubjectKeys(pool, true);
  }

  /** Creates the key table (idempotent; serialised against concurrent migrators). */
  async migrate(): Promise<void> {
    await migrateUnderLock(this.pool, 'myworld_personal_data_keys_schema', PERSONAL_DATA_KEYS_SCHEMA_SQL);
  }

  private async rows(subjects: readonly string[]): Promise<KeyRow[]> {
    const r = await this.pool.query<KeyRow>('select subject_id, key from personal_data_keys where subject_id = any($1::text[])', [subjects]);
    return r.rows;
  }

  async forWriting(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const keys = new Map((await this.rows(subjects)).map((row) => [row.subject_id, row.key] as const));
    const missing = subjects.filter((s) => !keys.has(s));
    if (missing.length > 0) {
      // A concurrent first write for the same subject may win: its key is the one read back.
      await this.pool.query('insert into personal_data_keys (subject_id, key) select * from unnest($1::text[], $2::bytea[]) on conflict (subject_id) do nothing', [
        missing,
        missing.map(() => newSubjectKey()),
      ]);
      for (const row of await this.rows(missing)) keys.set(row.subject_id, row.key);
    }
    return keys;
  }

  async forReading(subjects: readonly string[]): Promise<Map<string, Buffer>> {
    if (subjects.length === 0) return new Map();
    return new Map((await this.rows(subjects)).flatMap((row) => (row.key ? [[row.subject_id, row.key] as const] : [])));
  }

  async destroy(subject: string): Promise<void> {
    await this.pool.query(
      `insert into personal_data_keys (subject_id, key, destroyed_at) values ($1, null, now())
       on conflict (subject_id) do update set key = null, destroyed_at = coalesce(personal_data_keys.destroyed_at, now())`,
      [subject],
    );
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
