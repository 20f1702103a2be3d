import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PostgresEventStore } from '@myworld/eventstore';
import {
  LIVE_STREAM_CATEGORIES,
  VIDEO_CATEGORIES,
  type EventData,
  type EventMetadata,
  type EventType,
  type Position,
} from '@myworld/schemas';
import { seeded } from '@myworld/projections/testing';

/**
 * A month of the product's life as `total` events, in time order, written straight into the
 * PostgreSQL event log (bulk inserts of the rows `append` would write: every stream's versions
 * from 0, one transaction per chunk, created_at the event's time). The mix is historyEvents'.
 */
export async function writeRebuildHistory(store: PostgresEventStore, total: number): Promise<void> {
  let rows: HistoryRow[] = [];
  let written = 0;
  for (const row of historyEvents({ scale: total })) {
    rows.push(row);
    if (rows.length === 5_000) {
      await insertHistoryRows(store.pool, rows);
      rows = [];
    }
    if (++written === total) break;
  }
  await insertHistoryRows(store.pool, rows);
}

export interface HistoryOptions {
  /** Events the history is sized for: the first crowd of users and posts is 0.4% of it (at least 50 each). */
  scale: number;
  /** The time of each next event (ms since the epoch); by default `scale` events spread over the last 30 days. */
  clock?: () => number;
}

/**
 * The product's life as an endless stream of log rows (the caller takes as many as it wants). The
 * mix, by share of events: views 35%, likes 22% (a repeat is an unlike), comments 5%, shares 1%,
 * follows 4% (a repeat is an unfollow), posts 5% (three in ten videos, with their upload and
 * processing), messages 8%, live streams 8% (starts, viewers, chat, gifts, ends), stories 2.5%,
 * sign-ins 6.5%, email verifications 1.5%, registrations 1%, profile changes 0.45%, reports 0.05%.
 * Payloads are typed by the real event schemas, so every projection's handlers take them.
 */
export function* historyEvents({ scale: total, clock }: HistoryOptions): Generator<HistoryRow> {
  const random = seeded(14);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  /** Popular things get most of the attention: index skewed towards the end (the newest). */
  const recent = <T>(list: readonly T[]) =>
    list[Math.floor(list.length * (1 - random() ** 3))] ?? list[list.length - 1]!;
  const DAY = 86_400_000;
  const start = Date.now() - 30 * DAY;
  const step = (30 * DAY) / total;
  let now = clock?.() ?? start;
  const iso = () => new Date(now).toISOString();

  const users: string[] = [];
  const posts: Array<{ id: string; authorId: string }> = [];
  const likes = new Set<string>();
  const follows = new Set<string>();
  const live: Array<{ id: string; userId: string }> = [];
  const stories: Array<{ id: string; authorId: string }> = [];
  const versions = new Map<string, number>();

  const clients: EventMetadata['client'][] = [
    { userAgentClass: 'mobile', country: 'US' },
    { userAgentClass: 'mobile', country: 'BR' },
    { userAgentClass: 'browser', country: 'DE' },
    { userAgentClass: 'browser', country: 'US' },
    { userAgentClass: 'mobile', country: 'IN' },
    { userAgentClass: 'browser', country: null },
  ];
  function* add<T extends EventType>(
    stream: string,
    type: T,
    data: EventData<T>,
    actorId: string | null,
  ): Generator<HistoryRow> {
    const version = versions.get(stream) ?? 0;
    versions.set(stream, version + 1);
    const metadata: EventMetadata = {
      actorId,
      correlationId: randomUUID(),
      causationId: null,
      requestId: null,
      client: pick(clients),
      timestamp: iso(),
    };
    yield { stream, version, id: randomUUID(), type, data, metadata, at: iso() };
  }

  function* register(): Generator<HistoryRow> {
    const userId = randomUUID();
    const n = users.length;
    users.push(userId);
    yield* add(
      `user-${userId}`,
      'UserRegistered',
      {
        userId,
        username: `user_${n}`,
        firstName: `First${n % 97}`,
        lastName: `Last${n % 89}`,
        email: `user_${n}@bench.test`,
        birthDate: `${1960 + (n % 50)}-0${1 + (n % 9)}-1${n % 10}`,
        passwordHash: 'scrypt$bench',
        registeredAt: iso(),
      },
      userId,
    );
  }
  function* post(): Generator<HistoryRow> {
    const postId = randomUUID();
    const authorId = recent(users);
    if (random() < 0.7) {
      yield* add(
        `post-${postId}`,
        'TextPostCreated',
        {
          postId,
          authorId,
          content: `Post ${posts.length} about #topic${posts.length % 40} and the day`,
          backgroundColor: '#000000',
          textColor: '#ffffff',
          fontStyle: 'normal',
          imageUrl: null,
          imageMediaId: null,
          createdAt: iso(),
        },
        authorId,
      );
    } else {
      const mediaId = randomUUID();
      const variant = (key: string, contentType: string) => ({
        key: `${mediaId}/${key}`,
        contentType,
        size: 100_000,
        width: 720,
        height: 1280,
      });
      yield* add(
        `media-${mediaId}`,
        'MediaUploaded',
        {
          mediaId,
          ownerId: authorId,
          key: `${mediaId}/original`,
          purpose: 'video',
          kind: 'video',
          contentType: 'video/webm',
          size: 2_000_000,
          uploadedAt: iso(),
        },
        authorId,
      );
      yield* add(
        `post-${postId}`,
        'VideoPostSubmitted',
        {
          postId,
          authorId,
          mediaId,
          description: `Video ${posts.length} #clip`,
          category: pick(VIDEO_CATEGORIES),
          createdAt: iso(),
        },
        authorId,
      );
      yield* add(
        `media-${mediaId}`,
        'MediaProcessed',
        {
          mediaId,
          variants: { video: variant('video.mp4', 'video/mp4'), poster: variant('poster.jpg', 'image/jpeg') },
          durationSeconds: 12,
          processedAt: iso(),
        },
        null,
      );
    }
    posts.push({ id: postId, authorId });
  }

  // Everyone needs someone to follow and something to like: a first crowd and their posts.
  const firstUsers = Math.max(50, Math.round(total * 0.004));
  for (let i = 0; i < firstUsers; i++) yield* register();
  for (let i = 0; i < firstUsers; i++) yield* post();

  for (;;) {
    now = clock?.() ?? now + step;
    const roll = random() * 100;
    const userId = recent(users);
    if (roll < 35) {
      const p = recent(posts);
      yield* add(
        `view-${p.id}-${userId}`,
        'PostViewed',
        { postId: p.id, viewerId: userId, authorId: p.authorId, viewedAt: iso() },
        userId,
      );
    } else if (roll < 57) {
      const p = recent(posts);
      const key = `${p.id}-${userId}`;
      if (likes.delete(key))
        yield* add(
          `like-${key}`,
          'PostUnliked',
          { postId: p.id, userId, authorId: p.authorId, unlikedAt: iso() },
          userId,
        );
      else {
        likes.add(key);
        yield* add(`like-${key}`, 'PostLiked', { postId: p.id, userId, authorId: p.authorId, likedAt: iso() }, userId);
      }
    } else if (roll < 62) {
      const p = recent(posts);
      const commentId = randomUUID();
      yield* add(
        `comment-${commentId}`,
        'CommentAdded',
        {
          commentId,
          postId: p.id,
          postAuthorId: p.authorId,
          authorId: userId,
          content: 'Love this!',
          createdAt: iso(),
        },
        userId,
      );
    } else if (roll < 63) {
      const p = recent(posts);
      const shareId = randomUUID();
      yield* add(
        `share-${shareId}`,
        'PostShared',
        { shareId, postId: p.id, userId, authorId: p.authorId, sharedAt: iso() },
        userId,
      );
    } else if (roll < 67) {
      const followeeId = recent(users);
      if (followeeId === userId) continue;
      const key = `${userId}-${followeeId}`;
      if (follows.delete(key))
        yield* add(
          `follow-${userId}`,
          'UserUnfollowed',
          { followerId: userId, followeeId, unfollowedAt: iso() },
          userId,
        );
      else {
        follows.add(key);
        yield* add(`follow-${userId}`, 'UserFollowed', { followerId: userId, followeeId, followedAt: iso() }, userId);
      }
    } else if (roll < 72) {
      yield* post();
    } else if (roll < 80) {
      const other = pick(users);
      if (other === userId) continue;
      const stream = userId < other ? `conversation-${userId}-${other}` : `conversation-${other}-${userId}`;
      if (random() < 0.75)
        yield* add(
          stream,
          'MessageSent',
          { messageId: randomUUID(), senderId: userId, receiverId: other, content: 'hey, how are you?', sentAt: iso() },
          userId,
        );
      else yield* add(stream, 'ConversationRead', { readerId: userId, otherUserId: other, readAt: iso() }, userId);
    } else if (roll < 88) {
      yield* liveStreamEvent(userId);
    } else if (roll < 90.5) {
      if (stories.length === 0 || random() < 0.2) {
        const storyId = randomUUID();
        const authorId = userId;
        yield* add(
          `story-${storyId}`,
          'StoryCreated',
          {
            storyId,
            authorId,
            mediaType: 'text',
            content: 'my day',
            backgroundColor: '#112233',
            mediaId: null,
            mediaUrl: null,
            createdAt: iso(),
            expiresAt: new Date(now + DAY).toISOString(),
          },
          authorId,
        );
        stories.push({ id: storyId, authorId });
      } else {
        const s = recent(stories);
        yield* add(
          `storyview-${s.id}-${userId}`,
          'StoryViewed',
          { storyId: s.id, viewerId: userId, authorId: s.authorId, viewedAt: iso() },
          userId,
        );
      }
    } else if (roll < 91.5) {
      yield* register();
    } else if (roll < 93) {
      yield* add(
        `user-${userId}`,
        'EmailVerified',
        { userId, email: `${userId}@bench.test`, verifiedAt: iso() },
        userId,
      );
    } else if (roll < 99.5) {
      yield* add(`user-${userId}`, 'UserSignedIn', { userId, signedInAt: iso() }, userId);
    } else if (roll < 99.95) {
      yield* add(
        `user-${userId}`,
        'ProfileCustomized',
        {
          userId,
          aboutMe: 'hello there',
          profileImageUrl: null,
          backgroundImageUrl: null,
          backgroundColor: '#223344',
          textColor: '#ffffff',
        },
        userId,
      );
    } else {
      const p = recent(posts);
      const reportId = randomUUID();
      yield* add(
        `report-${reportId}`,
        'ReportFiled',
        {
          reportId,
          reporterId: userId,
          contentType: 'text_post',
          contentId: p.id,
          reportReason: 'spam',
          description: 'looks like spam',
          filedAt: iso(),
        },
        userId,
      );
    }
  }

  /** Live streams: about 10 on air at a time; viewers join and chat, some send gifts; the oldest ends when a new one starts. */
  function* liveStreamEvent(userId: string): Generator<HistoryRow> {
    const roll = random();
    if (live.length === 0 || roll < 0.03) {
      const streamId = randomUUID();
      yield* add(
        `livestream-${streamId}`,
        'LiveStreamStarted',
        {
          streamId,
          userId,
          title: `Live ${streamId.slice(0, 4)}`,
          description: 'come hang out',
          category: pick(LIVE_STREAM_CATEGORIES),
          tags: ['live'],
          allowDuets: true,
          startedAt: iso(),
        },
        userId,
      );
      live.push({ id: streamId, userId });
      if (live.length > 10) {
        const ended = live.shift()!;
        yield* add(
          `livestream-${ended.id}`,
          'LiveStreamEnded',
          { streamId: ended.id, endedBy: ended.userId, reason: 'owner', endedAt: iso() },
          ended.userId,
        );
      }
      return;
    }
    const s = pick(live);
    if (roll < 0.5)
      yield* add(
        `livestream-${s.id}`,
        'LiveStreamViewerJoined',
        { streamId: s.id, viewerId: randomUUID(), userId, joinedAt: iso() },
        userId,
      );
    else if (roll < 0.97)
      yield* add(
        `livestream-${s.id}`,
        'LiveStreamChatMessagePosted',
        { streamId: s.id, messageId: randomUUID(), userId, content: 'wow!', postedAt: iso() },
        userId,
      );
    else {
      const giftId = randomUUID();
      const paymentIntentId = `pi_${giftId.slice(0, 12)}`;
      const gift = {
        giftId,
        streamId: s.id,
        streamerId: s.userId,
        senderId: userId,
        giftType: 'rose',
        quantity: 1,
        amountCents: 99,
        paymentIntentId,
      };
      yield* add(
        `gift-${giftId}`,
        'GiftRequested',
        { ...gift, emoji: '🌹', message: 'for you', unitPriceCents: 99, currency: 'usd', requestedAt: iso() },
        userId,
      );
      yield* add(`gift-${giftId}`, 'GiftPaid', { ...gift, paidAt: iso() }, null);
    }
  }
}

export interface HistoryRow {
  stream: string;
  version: number;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  at: string;
}

/**
 * Writes `rows` to the log in one transaction (one tx_id, so in log order), as one JSON document,
 * and answers their positions in the same order.
 */
export async function insertHistoryRows(pool: pg.Pool, rows: readonly HistoryRow[]): Promise<Position[]> {
  if (rows.length === 0) return [];
  const inserted = await pool.query<{ tx: string; at: string }>(
    `insert into events (tx_id, stream_id, stream_version, event_id, type, data, metadata, created_at)
     select pg_current_xact_id(), x.e->>'stream', (x.e->>'version')::bigint, (x.e->>'id')::uuid, x.e->>'type', x.e->'data', x.e->'metadata', (x.e->>'at')::timestamptz
       from jsonb_array_elements($1::jsonb) with ordinality as x(e, ord)
      order by x.ord
     returning tx_id::text as tx, global_position::text as at`,
    [JSON.stringify(rows)],
  );
  return inserted.rows
    .map((r) => ({ commit: BigInt(r.tx), prepare: BigInt(r.at) }))
    .sort((a, b) => (a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0));
}
