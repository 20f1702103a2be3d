import { ageGroupAt } from '@myworld/schemas';
import type { AnalyticsEvent } from './analytics-events.ts';
import { AGE_COLUMNS, CREATOR_HOUR_COUNTS, DEVICE_COLUMNS, type CreatorHourCount } from './analytics.tables.ts';

const HOUR_MS = 3_600_000;
/** The start of the hour holding an ISO time, as an ISO time (the buckets' key). */
const hourOf = (iso: string): string => new Date(Math.floor(Date.parse(iso) / HOUR_MS) * HOUR_MS).toISOString();

const zero = () => Object.fromEntries(CREATOR_HOUR_COUNTS.map((c) => [c, 0])) as Record<CreatorHourCount, number>;

/** Sums per key, in memory, so a run of any length is one upsert per table. */
class Buckets<V> {
  readonly rows = new Map<string, V>();
  constructor(private readonly empty: () => V) {}
  at(key: string): V {
    let row = this.rows.get(key);
    if (!row) this.rows.set(key, (row = this.empty()));
    return row;
  }
}

/**
 * What a run of events adds to each hourly bucket, keyed "creator|hour", "post|hour" and
 * "creator|hour|country" (and "viewer|creator|hour|age group" for the views counted by age): engagement in the hour it happened (an unlike or a deleted comment as
 * -1), followers gained and lost, and each view by the viewer's age group then, device and
 * country. `birthDates` are the run's viewers', `postAuthors` the authors of the posts whose
 * comments it deletes.
 */
export function activityBuckets(
  events: readonly AnalyticsEvent[],
  birthDates: ReadonlyMap<string, string>,
  postAuthors: ReadonlyMap<string, string>,
) {
  const creatorHours = new Buckets(zero);
  const postHours = new Buckets(() => ({ author: '', views: 0, likes: 0, comments: 0 }));
  const countries = new Buckets(() => ({ views: 0 }));
  const viewerAges = new Buckets(() => ({ views: 0 }));
  const engage = (
    postId: string,
    authorId: string,
    at: string,
    field: 'views' | 'likes' | 'comments',
    delta: number,
  ) => {
    const hour = hourOf(at);
    creatorHours.at(`${authorId}|${hour}`)[field] += delta;
    const post = postHours.at(`${postId}|${hour}`);
    post.author = authorId;
    post[field] += delta;
  };
  for (const e of events) {
    switch (e.type) {
      case 'PostViewed': {
        const { postId, authorId, viewerId, viewedAt } = e.data;
        engage(postId, authorId, viewedAt, 'views', 1);
        const hour = hourOf(viewedAt);
        const audience = creatorHours.at(`${authorId}|${hour}`);
        const birthDate = birthDates.get(viewerId);
        const ageGroup = birthDate ? ageGroupAt(birthDate, new Date(viewedAt)) : null;
        if (ageGroup) {
          audience[AGE_COLUMNS[ageGroup]] += 1;
          viewerAges.at(`${viewerId}|${authorId}|${hour}|${ageGroup}`).views += 1;
        }
        audience[DEVICE_COLUMNS[e.metadata.client?.userAgentClass ?? 'unknown']] += 1;
        // A country the edge did not name is left out of the breakdown ("where known").
        const country = e.metadata.client?.country;
        if (country) countries.at(`${authorId}|${hour}|${country.toUpperCase()}`).views += 1;
        break;
      }
      case 'PostLiked':
        engage(e.data.postId, e.data.authorId, e.data.likedAt, 'likes', 1);
        break;
      case 'PostUnliked':
        engage(e.data.postId, e.data.authorId, e.data.unlikedAt, 'likes', -1);
        break;
      case 'CommentAdded':
        engage(e.data.postId, e.data.postAuthorId, e.data.createdAt, 'comments', 1);
        break;
      case 'CommentDeleted': {
        const author = postAuthors.get(e.data.postId);
        if (author) engage(e.data.postId, author, e.data.deletedAt, 'comments', -1);
        break;
      }
      case 'UserFollowed':
        creatorHours.at(`${e.data.followeeId}|${hourOf(e.data.followedAt)}`).new_followers += 1;
        break;
      case 'UserUnfollowed':
        creatorHours.at(`${e.data.followeeId}|${hourOf(e.data.unfollowedAt)}`).unfollows += 1;
        break;
      default:
        break;
    }
  }

  return {
    creatorHours: creatorHours.rows,
    postHours: postHours.rows,
    countries: countries.rows,
    viewerAges: viewerAges.rows,
  };
}
