import type { LiveStream } from '@myworld/schemas';
import type { StartedLiveStream } from '@myworld/write-model/live-streams';
import type { PublicProfile } from './public-profiles.ts';

/**
 * The Live stream entity straight from the aggregate, for command answers that must not wait for
 * the read model (the stream just started, or a viewer is joining right now). Fields the aggregate
 * does not hold (gifts, thumbnail) come from the read model's row when it has one.
 */
export function liveStreamFromState(
  state: StartedLiveStream,
  streamer: PublicProfile,
  viewerCount: number,
  row?: LiveStream,
): LiveStream {
  return {
    id: state.streamId,
    userId: state.ownerId,
    title: state.title,
    description: state.description,
    category: state.category,
    tags: [...state.tags],
    allowDuets: state.allowDuets,
    thumbnailUrl: row?.thumbnailUrl ?? null,
    viewerCount: state.status === 'live' ? viewerCount : 0,
    totalGiftsReceived: row?.totalGiftsReceived ?? 0,
    isActive: state.status === 'live',
    isScheduled: state.status === 'scheduled',
    scheduledFor: state.scheduledFor,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    streamerUsername: streamer.username,
    duetPartnerId: state.duetPartnerId,
    user: {
      username: streamer.username,
      profileImageUrl: streamer.profileImageUrl,
      isVerified: row?.user.isVerified ?? false,
    },
  };
}
