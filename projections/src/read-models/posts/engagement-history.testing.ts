import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import type { EventData, EventType } from '@myworld/schemas';
import { seeded } from '../../testing/seeded-random.ts';

const HOUR = 3_600_000;

/** Besides the events: a post nothing else touches, whose one like goes and comes back, and its comment deleted then added again by another user. */
export interface EngagementHistory {
  readonly events: NewEvent[];
  readonly relikedPost: string;
  readonly readdedComment: string;
  readonly readdedBy: string;
}

/**
 * For tests that a read model's one path leaves the same tables however the history is cut into
 * runs (one large batch, small ones, runs of one; the hand-checked tables of a small history are
 * read-model-parts/publication.int.test.ts): likes, unlikes, views,
 * comments, deleted (and re-added) comments and shares, interleaved with follows, a deletion, a
 * commenter's suspension and reinstatement, and a
 * video that publishes mid-history (engaged with before and after), on text posts and videos of
 * several categories by several authors (who also engage with their own posts), at times out of
 * order (the decayed scores depend on the order). Comment ids are never added twice while
 * present: the handlers reject that.
 */
export function engagementHistory(seed = 7): EngagementHistory {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const base = Date.parse('2025-06-10T12:00:00.000Z');
  const at = () => new Date(base - Math.floor(random() * 72 * HOUR)).toISOString();
  const events: NewEvent[] = [];
  const add = <T extends EventType>(type: T, data: EventData<T>) =>
    events.push({ id: randomUUID(), type, data, metadata: testMetadata() });

  const users = Array.from({ length: 8 }, (_, i) => ({ id: randomUUID(), username: `engaged_${i}` }));
  for (const u of users) {
    add('UserRegistered', {
      userId: u.id,
      username: u.username,
      firstName: 'Eng',
      lastName: u.username,
      email: `${u.username}@example.test`,
      birthDate: '1990-01-01',
      passwordHash: 'x',
      registeredAt: '2025-06-01T10:00:00.000Z',
    });
  }
  const authors = users.slice(0, 3);
  const posts = Array.from({ length: 4 }, (_, i) => ({ id: randomUUID(), authorId: authors[i % 3]!.id }));
  for (const [i, p] of posts.entries()) {
    add('TextPostCreated', {
      postId: p.id,
      authorId: p.authorId,
      content: `Post ${i}`,
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: null,
      imageMediaId: null,
      createdAt: at(),
    });
  }
  const categories = ['music', 'travel', 'none'] as const;
  const videos = categories.map((category, i) => ({
    id: randomUUID(),
    authorId: authors[i]!.id,
    mediaId: randomUUID(),
    category,
  }));
  for (const v of videos)
    add('VideoPostSubmitted', {
      postId: v.id,
      authorId: v.authorId,
      mediaId: v.mediaId,
      description: 'A video',
      category: v.category,
      createdAt: at(),
    });

  const likeOf = (post: { id: string; authorId: string }, userId: string) => ({
    postId: post.id,
    userId,
    authorId: post.authorId,
  });
  const commentOn = (post: { id: string; authorId: string }, commentId: string, authorId: string) => ({
    commentId,
    postId: post.id,
    postAuthorId: post.authorId,
    authorId,
    content: 'Nice',
    createdAt: at(),
  });
  // Inside one run: a like, its unlike, the like again; a comment deleted and added again under its id.
  const [reliked, ...others] = posts;
  const fan = users[6]!.id;
  add('PostUnliked', { ...likeOf(reliked!, fan), unlikedAt: at() });
  add('PostLiked', { ...likeOf(reliked!, fan), likedAt: at() });
  add('PostUnliked', { ...likeOf(reliked!, fan), unlikedAt: at() });
  add('PostLiked', { ...likeOf(reliked!, fan), likedAt: at() });
  const readded = randomUUID();
  add('CommentAdded', commentOn(reliked!, readded, fan));
  add('CommentDeleted', { commentId: readded, postId: reliked!.id, authorId: fan, deletedAt: at() });
  add('CommentAdded', commentOn(reliked!, readded, users[7]!.id));
  // A follower nothing random touches: followed here, unfollowed and followed again later.
  const loyal = { followerId: randomUUID(), followeeId: authors[0]!.id };
  add('UserFollowed', { ...loyal, followedAt: at() });

  const targets = [...others, ...videos, { id: randomUUID(), authorId: authors[0]!.id }];
  const comments = new Map<string, { postId: string; authorId: string }>();
  for (let i = 0; i < 500; i++) {
    if (i === 150) {
      const v = videos[1]!;
      const variant = (key: string, contentType: string) => ({
        key: `${v.mediaId}/${key}`,
        contentType,
        size: 1000,
        width: 720,
        height: 1280,
      });
      add('MediaProcessed', {
        mediaId: v.mediaId,
        variants: { video: variant('video.mp4', 'video/mp4'), poster: variant('poster.jpg', 'image/jpeg') },
        durationSeconds: 10,
        processedAt: at(),
      });
    }
    // A commenter suspended for a while (their comments parked, some deleted meanwhile), then reinstated.
    if (i === 250)
      add('ContentRemoved', {
        contentType: 'user',
        contentId: users[5]!.id,
        authorId: users[5]!.id,
        moderatorId: randomUUID(),
        reportIds: [],
        note: '',
        removedAt: at(),
      });
    if (i === 450)
      add('AccountReinstated', { userId: users[5]!.id, adminId: randomUUID(), note: '', reinstatedAt: at() });
    if (i === 350) add('PostDeleted', { postId: others[2]!.id, authorId: others[2]!.authorId, deletedAt: at() });
    // A follow from the first run taken back and given again (twice) in the second: the edge is the refollow's.
    if (i === 360) {
      add('UserUnfollowed', { ...loyal, unfollowedAt: at() });
      add('UserFollowed', { ...loyal, followedAt: at() });
      add('UserFollowed', { ...loyal, followedAt: at() });
    }
    const post = pick(targets);
    const user = pick(users).id;
    const roll = random();
    if (roll < 0.28) add('PostLiked', { ...likeOf(post, user), likedAt: at() });
    else if (roll < 0.55)
      add('PostViewed', { postId: post.id, viewerId: user, authorId: post.authorId, viewedAt: at() });
    else if (roll < 0.68) {
      const commentId = randomUUID();
      comments.set(commentId, { postId: post.id, authorId: user });
      add('CommentAdded', commentOn(post, commentId, user));
    } else if (roll < 0.76)
      add('PostShared', {
        shareId: randomUUID(),
        postId: post.id,
        userId: user,
        authorId: post.authorId,
        sharedAt: at(),
      });
    else if (roll < 0.86) add('PostUnliked', { ...likeOf(post, user), unlikedAt: at() });
    else if (roll < 0.94 && comments.size > 0) {
      // Now and then one deleted twice: the second changes nothing.
      const [commentId, c] = pick([...comments.entries()]);
      if (random() < 0.8) comments.delete(commentId);
      add('CommentDeleted', { commentId, postId: c.postId, authorId: c.authorId, deletedAt: at() });
    } else if (roll < 0.97) add('UserFollowed', { followerId: user, followeeId: pick(authors).id, followedAt: at() });
    else add('UserUnfollowed', { followerId: user, followeeId: pick(authors).id, unfollowedAt: at() });
  }
  return { events, relikedPost: reliked!.id, readdedComment: readded, readdedBy: users[7]!.id };
}
