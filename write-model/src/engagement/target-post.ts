import type { EventStore } from '@myworld/eventstore';
import { POST_MESSAGES, postStreamName, type PostKind } from '@myworld/schemas';
import { loadAggregate } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { postDecider } from '../posts/post.decider.ts';

/** The post a like, comment, share or view is about, as its own stream (`post-{id}`) says. */
export interface TargetPost {
  readonly postId: string;
  readonly authorId: string;
  readonly kind: PostKind;
}

/**
 * The post, from the log (so a post published a moment ago counts before any read model has it):
 * an unknown, deleted or removed post, and one hidden by moderation, is a 404 "Post not found"
 * naming `field` (the route's input). The post's own stream holds moderation's decisions, so no
 * read model is waited for. `evenHidden`: a hidden post still counts (a writer deleting their own comment on it).
 */
export async function livePost(
  store: EventStore,
  postId: string,
  field = 'id',
  { evenHidden = false } = {},
): Promise<TargetPost> {
  // Status, author and kind only: the post's text is not opened (no key lookup on every like).
  const { state } = await loadAggregate(store, postStreamName(postId), postDecider, { personalData: 'redacted' });
  if (state.status !== 'published' || (state.hidden && !evenHidden))
    throw new DomainError('not_found', POST_MESSAGES.notFound, 404, field);
  return { postId: state.postId, authorId: state.authorId, kind: state.kind };
}
