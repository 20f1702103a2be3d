import { comparePositions, type Position } from '@myworld/schemas';
import { engagementSoFar, type EngagementSoFar, type PostEngagement, type PostsDb } from '@myworld/projections';
import type { Platform } from '../../platform/feature.ts';
import { livePost, type TargetPost } from '@myworld/write-model/engagement';

/**
 * The counts a like, comment or share answers: the `posts` read model's counters as they are now
 * (never waited for: commands never wait for read models), with the caller's own command counted
 * in when the read model has not applied it yet. That is the count the client can compute from
 * the command; other users' engagement still on its way shows on the next read.
 */
const soFar = async (platform: Platform, post: TargetPost, own: { likerId?: string; commentId?: string }) =>
  engagementSoFar(await platform.readModels.query<PostsDb>('posts'), post, own);

/**
 * A like's or unlike's post, read from its stream, and then the read model's counters for it, read
 * beside the command's append rather than after it (the count needs only the same snapshot's
 * counters and whether the caller's like is in them, whenever that snapshot is taken).
 */
export function likeTargetAndCounts(platform: Platform, postId: string, userId: string) {
  const post = livePost(platform.store, postId);
  const counts = post.then((target) => soFar(platform, target, { likerId: userId }));
  counts.catch(() => {}); // a missing post fails the command; this read is then never awaited
  return { post, counts };
}

/** The post's like count with `userId`'s like (or its absence, `liked` false) counted in. */
export function countsWithLike({ counts, likeApplied }: EngagementSoFar, liked: boolean): PostEngagement {
  return { ...counts, likeCount: Math.max(0, counts.likeCount + Number(liked) - Number(likeApplied)) };
}

/** The post's comment count with the comment `commentId` (just added) counted in. */
export async function commentCountWith(platform: Platform, post: TargetPost, commentId: string): Promise<number> {
  const { counts, commentApplied } = await soFar(platform, post, { commentId });
  return counts.commentCount + (commentApplied ? 0 : 1);
}

/**
 * The post's share count with the caller's share (recorded at `sharedAt`; one per user per post)
 * counted in: the read model's checkpoint, read with the counters, says whether it is there yet.
 */
export async function shareCountWith(platform: Platform, post: TargetPost, sharedAt: Position | null): Promise<number> {
  const { counts, checkpoint } = await soFar(platform, post, {});
  const applied = !sharedAt || (checkpoint !== null && comparePositions(checkpoint, sharedAt) >= 0);
  return counts.shareCount + (applied ? 0 : 1);
}

/** The like count as `viewerId` may see it: left out when the author hides engagement from others. */
export function visibleLikeCount(counts: PostEngagement, viewerId: string): { likeCount?: number } {
  if (counts.hideEngagement && counts.authorId !== viewerId) return {};
  return { likeCount: counts.likeCount };
}
