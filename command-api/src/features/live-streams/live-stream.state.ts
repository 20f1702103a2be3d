import type { LiveStreamCategory, LiveStreamEndReason, LiveStreamEvent } from '@myworld/schemas';

/** The live stream aggregate as its events leave it. */
export type LiveStreamState =
  | { readonly status: 'not_started' }
  | {
      readonly status: 'live' | 'ended';
      readonly streamId: string;
      readonly ownerId: string;
      readonly title: string;
      readonly description: string;
      readonly category: LiveStreamCategory;
      readonly tags: readonly string[];
      readonly allowDuets: boolean;
      readonly startedAt: string;
      /** "Viewed" events recorded (at most one per viewer per hour; who watches now is presence in Redis). */
      readonly viewsRecorded: number;
      readonly chatMessages: number;
      readonly endedAt: string | null;
      readonly endReason: LiveStreamEndReason | null;
    };

export type StartedLiveStream = Exclude<LiveStreamState, { status: 'not_started' }>;

export const initialLiveStreamState = (): LiveStreamState => ({ status: 'not_started' });

export function evolveLiveStream(state: LiveStreamState, event: LiveStreamEvent): LiveStreamState {
  switch (event.type) {
    case 'LiveStreamStarted': {
      const d = event.data;
      return {
        status: 'live',
        streamId: d.streamId,
        ownerId: d.userId,
        title: d.title,
        description: d.description,
        category: d.category,
        tags: d.tags,
        allowDuets: d.allowDuets,
        startedAt: d.startedAt,
        viewsRecorded: 0,
        chatMessages: 0,
        endedAt: null,
        endReason: null,
      };
    }
    case 'LiveStreamViewerJoined':
      return state.status === 'not_started' ? state : { ...state, viewsRecorded: state.viewsRecorded + 1 };
    // LiveStreamViewerLeft is no longer written (presence lives in Redis); old ones change nothing.
    case 'LiveStreamChatMessagePosted':
      return state.status === 'not_started' ? state : { ...state, chatMessages: state.chatMessages + 1 };
    case 'LiveStreamEnded':
      // Nobody watches an ended stream.
      return state.status === 'not_started'
        ? state
        : { ...state, status: 'ended', endedAt: event.data.endedAt, endReason: event.data.reason };
    default:
      return state;
  }
}
