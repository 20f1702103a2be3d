import { sql, type QueryCreator } from 'kysely';
import type { Story } from '@myworld/schemas';
import type { StoriesDb } from './stories.tables.ts';

type Db = QueryCreator<StoriesDb>;

/** At most this many stories in one answer (the authors with the newest stories first). */
export const STORIES_LIST_MAX = 500;
/** At most this many viewers in one answer (the newest first). */
export const STORY_VIEWERS_MAX = 500;

type Card = { username: string | null; first_name: string | null; profile_image_url: string | null };
const userOf = (card: Card) => ({
  username: card.username ?? 'unknown',
  firstName: card.first_name ?? '',
  profileImageUrl: card.profile_image_url,
});

/**
 * The live stories `viewerId` sees: their own and those of the people they follow (but none
 * hidden by moderation, nor of a suspended author), whose time is not up at `now` (even when the expiry job is late). Grouped by author, each author's stories
 * oldest first; the viewer's own group first, then authors by their newest story, newest first.
 */
export async function liveStoriesFor(db: Db, viewerId: string, now: Date): Promise<Story[]> {
  const rows = await db
    .selectFrom('stories as s')
    .leftJoin('user_cards as u', 'u.user_id', 's.author_id')
    .selectAll('s')
    .select(['u.username', 'u.first_name', 'u.profile_image_url'])
    .where('s.expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('s.author_id', '=', viewerId),
        eb.and([
          eb('s.hidden', '=', false),
          eb('s.author_suspended', '=', false),
          eb(
            's.author_id',
            'in',
            eb.selectFrom('follow_edges').select('followee_id').where('follower_id', '=', viewerId),
          ),
        ]),
      ]),
    )
    .orderBy(sql`s.author_id = ${viewerId}`, 'desc')
    .orderBy(sql`max(s.created_at) over (partition by s.author_id)`, 'desc')
    .orderBy('s.author_id')
    .orderBy('s.created_at')
    .orderBy('s.id')
    .limit(STORIES_LIST_MAX)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.author_id,
    mediaType: r.media_type,
    content: r.content,
    mediaUrl: r.media_url,
    backgroundColor: r.background_color,
    viewCount: r.view_count,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    user: userOf(r),
  }));
}

/** Who viewed a story (never its author), newest first. */
export async function storyViewers(db: Db, storyId: string) {
  const rows = await db
    .selectFrom('story_views as v')
    .leftJoin('user_cards as u', 'u.user_id', 'v.viewer_id')
    .select(['v.viewer_id', 'v.viewed_at', 'u.username', 'u.first_name', 'u.profile_image_url'])
    .where('v.story_id', '=', storyId)
    .orderBy('v.viewed_at', 'desc')
    .orderBy('v.viewer_id')
    .limit(STORY_VIEWERS_MAX)
    .execute();
  return rows.map((r) => ({ userId: r.viewer_id, ...userOf(r), viewedAt: r.viewed_at.toISOString() }));
}

/** What a story shows of its author; undefined until the read model has them. */
export async function storyUser(db: Db, userId: string): Promise<Story['user'] | undefined> {
  const card = await db
    .selectFrom('user_cards')
    .select(['username', 'first_name', 'profile_image_url'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return card && userOf(card);
}

/**
 * The stories not yet expired in the log (expired ones leave the read model), with when each
 * expires, one page at a time by id: the workers rebuild the expiry schedule from them.
 */
export async function storyExpiries(
  db: Db,
  { after, limit = 1000 }: { after?: string; limit?: number } = {},
): Promise<Array<{ storyId: string; expiresAt: Date }>> {
  let query = db.selectFrom('stories').select(['id', 'expires_at']);
  if (after !== undefined) query = query.where('id', '>', after);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ storyId: r.id, expiresAt: r.expires_at }));
}
