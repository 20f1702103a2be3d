import type { EventData, VideoItem } from '@myworld/schemas';
import type { MediaState } from '@myworld/write-model/media';
import { objectPathOf } from '../media/upload-keys.ts';

/**
 * The video as its author sees it right after submitting, from the command side (the event, the
 * media object's state and the author), so the answer never waits for a read model.
 */
export function submittedVideoItem(
  data: EventData<'VideoPostSubmitted'>,
  media: MediaState,
  author: { username: string; first_name: string; email: string; profile_image_url: string | null } | undefined,
): VideoItem {
  const processed =
    media.status === 'processed' && media.variants.video && media.variants.poster ? media.variants : null;
  return {
    kind: 'video',
    id: data.postId,
    authorId: data.authorId,
    user: {
      id: data.authorId,
      username: author?.username ?? '',
      firstName: author?.first_name ?? '',
      profileImageUrl: author?.profile_image_url ?? null,
      email: author?.email ?? '',
    },
    createdAt: data.createdAt,
    likeCount: 0,
    viewCount: 0,
    commentCount: 0,
    shareCount: 0,
    liked: false,
    videoUrl: processed?.video ? objectPathOf(processed.video.key) : null,
    thumbnailUrl: processed?.poster ? objectPathOf(processed.poster.key) : null,
    description: data.description,
    category: data.category,
    durationSeconds: null,
    status: processed ? 'published' : media.status === 'failed' ? 'failed' : 'processing',
    failureReason: media.status === 'failed' ? media.failureReason : null,
    ...(data.effects ? { effects: data.effects } : {}),
  };
}
