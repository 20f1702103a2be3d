import type { QueryCreator } from 'kysely';
import type { TimelinesDb } from './timelines.projection.ts';

export function streamTimeline(db: QueryCreator<TimelinesDb>, stream: string) {
  return db
    .selectFrom('timeline_entries')
    .select([
      'version',
      'type',
      'actor_id as actorId',
      'correlation_id as correlationId',
      'causation_id as causationId',
      'occurred_at as occurredAt',
      'position',
    ])
    .where('stream', '=', stream)
    .orderBy('version')
    .execute();
}

export function streamSummary(db: QueryCreator<TimelinesDb>, stream: string) {
  return db.selectFrom('stream_summaries').selectAll().where('stream', '=', stream).executeTakeFirst();
}
