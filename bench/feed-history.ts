import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore, type NewEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { seeded } from '@myworld/projections/testing';

/**
 * A generated history of `total` events shaped like the product's: about 1% registrations, 10%
 * posts (over the last 30 days), 4% follows, 30% likes, 50% views and 5% comments. The viewer
 * follows 50 authors and has liked and seen some of the newest posts, so every ranking signal is
 * in play. Events go into bench streams of 100 (the read side does not look at stream names).
 */
export async function writeFeedHistory(store: EventStore, total: number, viewerId: string): Promise<void> {
  const random = seeded(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  const DAY = 86_400_000;

  const users = Array.from({ length: Math.max(50, Math.round(total * 0.01)) }, () => randomUUID());
  const postCount = Math.max(100, Math.round(total * 0.1));
  // Oldest first, so the log reads like the product's.
  const posts = Array.from({ length: postCount }, (_, i) => ({
    id: randomUUID(),
    authorId: pick(users),
    at: now - 30 * DAY + (i / postCount) * 30 * DAY,
  }));
  const after = (post: { at: number }) => new Date(post.at + random() * (now - post.at)).toISOString();
  const recent = posts.slice(-500);

  const events: NewEvent[] = [];
  const add = (type: string, data: Record<string, unknown>) =>
    events.push({ id: randomUUID(), type, data, metadata: testMetadata() });
  users.forEach((userId, i) =>
    add('UserRegistered', {
      userId,
      username: `bench_${i}_${userId.slice(0, 6)}`,
      firstName: 'Bench',
      lastName: `User ${i}`,
      email: `${userId}@bench.test`,
      birthDate: '1990-01-01',
      passwordHash: 'x',
      registeredAt: new Date(now - 31 * DAY).toISOString(),
    }),
  );
  for (const post of posts) {
    add('TextPostCreated', {
      postId: post.id,
      authorId: post.authorId,
      content: `Post by ${post.authorId.slice(0, 6)}`,
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: null,
      imageMediaId: null,
      createdAt: new Date(post.at).toISOString(),
    });
  }
  users
    .slice(0, 50)
    .forEach((followeeId) =>
      add('UserFollowed', { followerId: viewerId, followeeId, followedAt: new Date(now - 20 * DAY).toISOString() }),
    );
  for (const post of recent.slice(0, 100)) {
    add('PostLiked', { postId: post.id, userId: viewerId, authorId: post.authorId, likedAt: after(post) });
    add('PostViewed', { postId: post.id, viewerId, authorId: post.authorId, viewedAt: after(post) });
  }
  const rest = total - events.length;
  for (let i = 0; i < rest; i++) {
    const roll = random();
    const post = roll < 0.6 && random() < 0.5 ? pick(recent) : pick(posts);
    const userId = pick(users);
    if (roll < 0.045)
      add('UserFollowed', {
        followerId: userId,
        followeeId: pick(users),
        followedAt: new Date(now - 10 * DAY).toISOString(),
      });
    else if (roll < 0.38) add('PostLiked', { postId: post.id, userId, authorId: post.authorId, likedAt: after(post) });
    else if (roll < 0.94)
      add('PostViewed', { postId: post.id, viewerId: userId, authorId: post.authorId, viewedAt: after(post) });
    else
      add('CommentAdded', {
        commentId: randomUUID(),
        postId: post.id,
        postAuthorId: post.authorId,
        authorId: userId,
        content: 'Nice one',
        createdAt: after(post),
      });
  }

  const run = randomUUID().slice(0, 8);
  let next = 0;
  const appendAll = async (writer: number) => {
    for (let b = writer; b * 100 < events.length; b += 4) {
      if (b < next) continue;
      await store.append(`benchfeed-${run}-${b}`, expected.noStream, events.slice(b * 100, b * 100 + 100));
    }
  };
  // Registrations and posts first, in order; the engagement after them, four writers at once.
  const firstEngagement = Math.ceil((users.length + posts.length) / 100);
  for (; next < firstEngagement; next++)
    await store.append(`benchfeed-${run}-${next}`, expected.noStream, events.slice(next * 100, next * 100 + 100));
  await Promise.all([0, 1, 2, 3].map((w) => appendAll(w)));
}
