import { sql } from 'kysely';
import type { ProjectionContext, TypedRecordedEventOf } from '../../projection.ts';
import { followEdgeChanges, type FollowRunEvent } from '../../read-model-parts/follow-edge-runs.ts';
import { dropFollowEdges } from '../../read-model-parts/follow-edges.ts';
import { chunksByKind, firstPerKey, lastPerKey } from '../../read-model-parts/run-chunks.ts';
import { fold } from '../../read-model-parts/text-search.ts';
import { NO_MOVE, thenMove, type ClampedMove } from './clamped-moves.ts';
import type { SearchDb } from './search.tables.ts';

type Ctx = ProjectionContext<SearchDb>;

/** People's events: they touch users and follow edges, never a post. */
export const PEOPLE_TYPES = [
  'UserRegistered',
  'ProfileCustomized',
  'PrivacySettingsChanged',
  'UserFollowed',
  'UserUnfollowed',
] as const;
export type PeopleEvent = TypedRecordedEventOf<(typeof PEOPLE_TYPES)[number]>;
export const isPeople = (event: { type: string }): event is PeopleEvent =>
  (PEOPLE_TYPES as readonly string[]).includes(event.type);

/** Moves followers' counts (never below 0), each followee's moves composed in order (clamped-moves.ts), in one statement. */
async function moveFollowers({ tx, schema }: Ctx, moves: ReadonlyMap<string, ClampedMove>): Promise<void> {
  if (moves.size === 0) return;
  const list = [...moves.entries()];
  await sql`
    update ${sql.id(schema, 'search_users')} u set follower_count = greatest(m.floor, u.follower_count + m.shift)
      from unnest(${list.map(([id]) => id)}::text[], ${list.map(([, m]) => m.floor)}::int[], ${list.map(([, m]) => m.shift)}::int[]) m(id, floor, shift)
     where u.id = m.id`.execute(tx);
}

/** A deleted account's follows leave: the users it followed have one follower fewer (its own row goes with its posts). */
export async function dropFollowsOf(ctx: Ctx, userId: string): Promise<void> {
  const gone = await dropFollowEdges(ctx, userId);
  const followed = gone.filter((f) => f.follower_id === userId && f.followee_id !== userId).map((f) => f.followee_id);
  await moveFollowers(ctx, new Map(followed.map((id) => [id, thenMove(NO_MOVE, -1)])));
}

/**
 * Users as search finds and shows them: names folded for trigram matching, picture, followers,
 * whether they hide engagement. Follows are kept as edges, so a follow counts once (a follower
 * counts only when their edge changed) and a deleted account's follows can be taken back. A run's
 * people's events are applied in chunks of one kind, in order, each in one or two statements.
 */
export async function applyPeople(ctx: Ctx, events: readonly PeopleEvent[]): Promise<void> {
  const { tx, schema } = ctx;
  const users = sql.id(schema, 'search_users');
  const kind = (e: PeopleEvent) => (e.type === 'UserUnfollowed' ? 'UserFollowed' : e.type);
  for (const chunk of chunksByKind(events, kind)) {
    const type = chunk[0]!.type;
    if (type === 'UserRegistered') {
      const registered = firstPerKey(
        chunk as TypedRecordedEventOf<'UserRegistered'>[],
        (e) => e.data.userId,
        (e) => e.data,
      );
      const names = registered.map((d) => `${d.firstName} ${d.lastName}`.trim());
      await sql`insert into ${users} (id, username, first_name, last_name, registered_at, username_key, name_key)
        select id, username, first_name, last_name, registered_at, ${fold(sql.ref('username'))}, ${fold(sql.ref('name'))}
          from unnest(${registered.map((d) => d.userId)}::text[], ${registered.map((d) => d.username)}::text[], ${registered.map((d) => d.firstName)}::text[],
                      ${registered.map((d) => d.lastName)}::text[], ${registered.map((d) => d.registeredAt)}::timestamptz[], ${names}::text[])
               as r(id, username, first_name, last_name, registered_at, name)
        on conflict do nothing`.execute(tx);
    } else if (type === 'ProfileCustomized') {
      const last = lastPerKey(
        chunk as TypedRecordedEventOf<'ProfileCustomized'>[],
        (e) => e.data.userId,
        (e) => e,
      );
      await sql`update ${users} u set profile_image_url = c.url
        from unnest(${last.map((e) => e.data.userId)}::text[], ${last.map((e) => e.data.profileImageUrl)}::text[]) c(id, url) where u.id = c.id`.execute(
        tx,
      );
    } else if (type === 'PrivacySettingsChanged') {
      const last = lastPerKey(
        chunk as TypedRecordedEventOf<'PrivacySettingsChanged'>[],
        (e) => e.data.userId,
        (e) => e,
      );
      await sql`update ${users} u set hide_engagement = c.hide
        from unnest(${last.map((e) => e.data.userId)}::text[], ${last.map((e) => e.data.hideEngagement)}::bool[]) c(id, hide) where u.id = c.id`.execute(
        tx,
      );
    } else {
      const moves = new Map<string, ClampedMove>();
      for (const { change, edge } of await followEdgeChanges(ctx, chunk as FollowRunEvent[]))
        moves.set(edge.followee_id, thenMove(moves.get(edge.followee_id) ?? NO_MOVE, change));
      await moveFollowers(ctx, moves);
    }
  }
}
