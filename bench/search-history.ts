import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore, type NewEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { VIDEO_CATEGORIES } from '@myworld/schemas';
import { seeded } from '@myworld/projections/testing';

/** Words posts are written from, most common first (picked with a skew, so a few are everywhere and most are rare). */
export const VOCABULARY = (
  'day time love life music video new today night friends summer food travel beach sunset city dance workout coffee weekend ' +
  'morning happy vibes family street light dog cat mountain ocean rain road trip party home garden book game movie art style ' +
  'fashion look outfit recipe pasta pizza burger salad soup bread cake chocolate tea breakfast lunch dinner market festival concert guitar piano ' +
  'drums song album singer band stage crowd lake river forest hike camping snow winter spring autumn flowers sky stars moon sun ' +
  'cloud storm wave surf skate bike run yoga gym training football basketball tennis goal match team coach win fans stadium ' +
  'tutorial tips hack review unboxing phone laptop camera code design paint drawing sketch photo portrait studio film edit ' +
  'comedy prank joke laugh challenge trend duet remix cover live stream chat question answer story memory throwback ' +
  'café jalapeño crème brûlée piñata señor naïve façade über smörgåsbord fiancée résumé ' +
  'quokka pangolin axolotl narwhal capybara origami kintsugi bonsai calligraphy harmonica theremin ukulele accordion didgeridoo'
).split(' ');

export const HASHTAGS = [
  'sunset',
  'travel',
  'foodie',
  'fitness',
  'music',
  'dance',
  'comedy',
  'tech',
  'fashion',
  'gaming',
  'art',
  'nature',
  'photography',
  'love',
  'summer',
  'beach',
  'coffee',
  'weekend',
  'throwback',
  'challenge',
  'duet',
  'recipe',
  'workout',
  'vibes',
  'party',
  'dogsofmyworld',
  'catsofmyworld',
  'café',
  'roadtrip',
  'live',
  ...Array.from({ length: 170 }, (_, i) => `topic${i}`),
];

const FIRST_NAMES =
  'maria jose ana luis sofia mateo emma liam olivia noah ava elijah mia lucas amelia mason harper ethan chloe leo zoe aiden nora hugo ines chen wei yuki kenji aisha omar fatima ivan olga lena jonas freya sven astrid pierre chloé andré zoë renée joão maría'.split(
    ' ',
  );
const LAST_NAMES =
  'garcia smith müller rossi silva kim tanaka nguyen ivanov kowalski jensen dubois moreau núñez peña lópez hernández johansson schmidt weber brown wilson taylor anderson thomas moore martin lee walker hall allen young king wright scott green baker adams'.split(
    ' ',
  );
const HANDLE_WORDS =
  'sunset pixel wave coffee travel dance beats chef lens fit art vibes nomad story frame loop glow nova echo river'.split(
    ' ',
  );

export interface SearchHistoryPlan {
  readonly posts: number;
  readonly users: number;
  /** Engagement events (likes, views, comments, shares) per post, on average. */
  readonly engagementPerPost: number;
  /** Follows per user, on average. */
  readonly followsPerUser: number;
}

export interface SearchHistory {
  readonly events: number;
  readonly usernames: readonly string[];
}

/**
 * A generated history for search, written as events through the event store (never into read
 * models): users with varied names, posts over 60 days (70% text, 30% videos with their media
 * processed) from a skewed vocabulary with hashtags on a third of them, engagement and follows.
 * Events are produced and appended in chunks, so a million posts fit in memory.
 */
export async function writeSearchHistory(store: EventStore, plan: SearchHistoryPlan): Promise<SearchHistory> {
  const random = seeded(HISTORY_SEED);
  const skewed = <T>(list: readonly T[]) => list[Math.floor(list.length * random() ** 2.5)]!;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  const DAY = 86_400_000;
  const run = randomUUID().slice(0, 8);
  let batchNo = 0;
  let total = 0;
  let pending: NewEvent[] = [];
  const inFlight = new Set<Promise<unknown>>();

  const flush = async (force = false) => {
    while (pending.length >= 100 || (force && pending.length > 0)) {
      const batch = pending.splice(0, 100);
      const append = store
        .append(`benchsearch-${run}-${batchNo++}`, expected.noStream, batch)
        .finally(() => inFlight.delete(append));
      inFlight.add(append);
      // Four writers at once, as the feed benchmark does.
      if (inFlight.size >= 4) await Promise.race(inFlight);
    }
    if (force) await Promise.all(inFlight);
  };
  const add = async (type: string, data: Record<string, unknown>) => {
    pending.push({ id: randomUUID(), type, data, metadata: testMetadata() });
    total++;
    if (pending.length >= 1000) await flush();
  };

  const users = benchUsers(random, plan.users);
  for (const u of users) {
    await add('UserRegistered', {
      userId: u.id,
      username: u.username,
      firstName: u.first,
      lastName: u.last,
      email: `${u.id}@bench.test`,
      birthDate: '1990-01-01',
      passwordHash: 'x',
      registeredAt: new Date(now - 61 * DAY).toISOString(),
    });
  }
  // Registrations first and on their own: posts name their authors.
  await flush(true);

  const posts: Array<{ id: string; authorId: string; at: number }> = [];
  for (let i = 0; i < plan.posts; i++) {
    const at = now - 60 * DAY + (i / plan.posts) * 60 * DAY;
    const author = skewed(users);
    const id = randomUUID();
    const words = Array.from({ length: 4 + Math.floor(random() * 9) }, () => skewed(VOCABULARY));
    const tags =
      random() < 0.35 ? Array.from({ length: 1 + Math.floor(random() * 2) }, () => `#${skewed(HASHTAGS)}`) : [];
    const text = `${words.slice(0, 4).join(' ')}\n${[...words.slice(4), ...tags].join(' ')}`.slice(0, 200);
    const createdAt = new Date(at).toISOString();
    if (random() < 0.7) {
      await add('TextPostCreated', {
        postId: id,
        authorId: author.id,
        content: text,
        backgroundColor: '#000000',
        textColor: '#ffffff',
        fontStyle: 'normal',
        imageUrl: null,
        imageMediaId: null,
        createdAt,
      });
    } else {
      const mediaId = randomUUID();
      await add('VideoPostSubmitted', {
        postId: id,
        authorId: author.id,
        mediaId,
        description: text,
        category: pick(VIDEO_CATEGORIES),
        createdAt,
      });
      const variant = (key: string, contentType: string) => ({
        key: `${mediaId}/${key}`,
        contentType,
        size: 100_000,
        width: 720,
        height: 1280,
      });
      await add('MediaProcessed', {
        mediaId,
        variants: { video: variant('video.mp4', 'video/mp4'), poster: variant('poster.jpg', 'image/jpeg') },
        durationSeconds: 12,
        processedAt: new Date(at + 60_000).toISOString(),
      });
    }
    posts.push({ id, authorId: author.id, at });
  }
  await flush(true);

  const after = (post: { at: number }) => new Date(post.at + random() * (now - post.at)).toISOString();
  const recent = posts.slice(-Math.max(100, Math.round(posts.length / 50)));
  const engagement = Math.round(plan.posts * plan.engagementPerPost);
  for (let i = 0; i < engagement; i++) {
    // The newest posts get the most attention.
    const post = random() < 0.3 ? pick(recent) : posts[posts.length - 1 - Math.floor(posts.length * random() ** 2.5)]!;
    const user = pick(users);
    const roll = random();
    if (roll < 0.4)
      await add('PostLiked', { postId: post.id, userId: user.id, authorId: post.authorId, likedAt: after(post) });
    else if (roll < 0.9)
      await add('PostViewed', { postId: post.id, viewerId: user.id, authorId: post.authorId, viewedAt: after(post) });
    else if (roll < 0.97)
      await add('CommentAdded', {
        commentId: randomUUID(),
        postId: post.id,
        postAuthorId: post.authorId,
        authorId: user.id,
        content: 'Nice one',
        createdAt: after(post),
      });
    else
      await add('PostShared', {
        shareId: randomUUID(),
        postId: post.id,
        userId: user.id,
        authorId: post.authorId,
        sharedAt: after(post),
      });
  }
  const follows = new Set<string>();
  for (let i = 0; i < plan.users * plan.followsPerUser; i++) {
    const follower = pick(users);
    const followee = skewed(users);
    const key = `${follower.id}>${followee.id}`;
    if (follower === followee || follows.has(key)) continue;
    follows.add(key);
    await add('UserFollowed', {
      followerId: follower.id,
      followeeId: followee.id,
      followedAt: new Date(now - random() * 30 * DAY).toISOString(),
    });
  }
  await flush(true);
  return { events: total, usernames: users.map((u) => u.username) };
}

/** The generated users: the first draws of `random` (a history's usernames are those of `benchUsers(seeded(HISTORY_SEED), n)`). */
export function benchUsers(
  random: () => number,
  count: number,
): Array<{ id: string; username: string; first: string; last: string }> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const handle = random() < 0.5 ? `${first}_${pick(HANDLE_WORDS)}${i}` : `${pick(HANDLE_WORDS)}${first}${i}`;
    return { id: randomUUID(), username: handle.normalize('NFD').replace(/\p{M}/gu, ''), first, last };
  });
}

export const HISTORY_SEED = 7;
