/**
 * The PostgreSQL event log. Readers order by (tx_id, global_position) and only read below the
 * oldest running transaction (pg_snapshot_xmin), so an event that commits late can never land
 * behind a reader's checkpoint: sequence values alone are not in commit order.
 */
export const EVENTS_SCHEMA_SQL = /* sql */ `
create table if not exists events (
  global_position bigint generated always as identity primary key,
  tx_id xid8 not null,
  stream_id text not null,
  stream_version bigint not null,
  event_id uuid not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  created_at timestamptz not null default clock_timestamp(),
  constraint events_stream_version_key unique (stream_id, stream_version),
  constraint events_event_id_key unique (event_id)
);
create index if not exists events_global_order on events (tx_id, global_position);

-- One round trip per append: the version check and the insert run together. A concurrent writer
-- of the same stream, or an event id stored before (an idempotent retry), surfaces as a unique
-- violation that the caller resolves; the common path pays for neither check.
-- No NOTIFY in here: PostgreSQL serialises the commits of notifying transactions, which would
-- make concurrent appenders queue behind each other. The store notifies after commit instead.
drop function if exists myworld_append_events(text, text, bigint, uuid[], text[], jsonb[], jsonb[]);
-- p_events: a JSON array of {"id", "type", "data", "metadata"}; one document is far cheaper to
-- send and parse than parallel arrays of JSON strings.
create or replace function myworld_append_events(
  p_stream text,
  p_expected_kind text,
  p_expected_version bigint,
  p_events jsonb
) returns table (outcome text, current_version bigint, last_tx xid8, last_position bigint)
language plpgsql as $fn$
declare
  v_current bigint;
begin
  select max(stream_version) into v_current from events where stream_id = p_stream;

  if (p_expected_kind = 'no_stream' and v_current is not null)
     or (p_expected_kind = 'stream_exists' and v_current is null)
     or (p_expected_kind = 'exact' and v_current is distinct from p_expected_version) then
    return query select 'wrong_version'::text, v_current, null::xid8, null::bigint;
    return;
  end if;

  return query
    with inserted as (
      insert into events (tx_id, stream_id, stream_version, event_id, type, data, metadata)
      select pg_current_xact_id(), p_stream, coalesce(v_current, -1) + x.ord,
             (x.e->>'id')::uuid, x.e->>'type', x.e->'data', x.e->'metadata'
      from jsonb_array_elements(p_events) with ordinality as x(e, ord)
      returning events.stream_version, events.tx_id, events.global_position
    )
    select 'appended'::text, i.stream_version, i.tx_id, i.global_position
    from inserted i order by i.stream_version desc limit 1;
end
$fn$;
`;

/**
 * Per-user keys of the personal fields in the log (eventstore/src/personal-data): the key of a
 * subject (user id) is made on its first personal field, stored wrapped with the key-encryption
 * key (PERSONAL_DATA_SECRET, see key-wrapping.ts), and its row is deleted when the account is
 * deleted. `personal_data_forgotten_subjects` then keeps the subject, so no new key is ever made
 * for it. Kept in DATABASE_URL whichever store holds the events (PostgreSQL or EventStoreDB).
 *
 * Rows that destroyed keys by setting them to null (before the forgotten table) move there. The
 * key table is vacuumed by autovacuum after every deletion (threshold 1), so a deleted row's
 * version does not wait for a large table's usual threshold.
 */
export const PERSONAL_DATA_KEYS_SCHEMA_SQL = /* sql */ `
create table if not exists personal_data_keys (
  subject_id text primary key,
  key bytea,
  created_at timestamptz not null default now(),
  destroyed_at timestamptz,
  constraint personal_data_keys_destroyed check ((key is null) = (destroyed_at is not null))
);
create table if not exists personal_data_forgotten_subjects (
  subject_id text primary key,
  forgotten_at timestamptz not null default now()
);
insert into personal_data_forgotten_subjects (subject_id, forgotten_at)
  select subject_id, destroyed_at from personal_data_keys where key is null
  on conflict (subject_id) do nothing;
delete from personal_data_keys where key is null;
alter table personal_data_keys set (autovacuum_vacuum_threshold = 1, autovacuum_vacuum_scale_factor = 0);
`;
