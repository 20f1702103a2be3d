import type { LiveStreamCategory, LiveStreamEndReason, LiveStreamEvent } from '@myworld/schemas';

/**
 * The live stream aggregate as its events leave it. A stream is `scheduled` (set up to start
 * later: no watching, chat or gifts yet), `live`, then `ended`.
 */
export type LiveStreamState =
  | { readonly status: 'not_started' }
  | {
      readonly status: 'scheduled' | 'live' | 'ended';
      readonly streamId: string;
      readonly ownerId: string;
      readonly title: string;
      readonly description: string;
      readonly category: LiveStreamCategory;
      readonly tags: readonly string[];
      readonly allowDuets: boolean;
      /** When it went live (null while scheduled, or when a scheduled stream was cancelled). */
      readonly startedAt: string | null;
      /** The start time a scheduled stream announced (null for a stream started right away). */
      readonly scheduledFor: string | null;
      /** Who asked to be reminded of the scheduled start. */
      readonly remindedUserIds: readonly string[];
      /** Who asked for a duet and has not been answered yet. */
      readonly duetRequests: readonly string[];
      /** The one duet partner now, if any. */
      readonly duetPartnerId: string | null;
      /** "Viewed" events recorded (at most one per viewer per hour; who watches now is presence in Redis). */
      readonly viewsRecorded: number;
      readonly chatMessages: number;
      /** Thumbnail frames recorded so far (the newest is shown). */
      readonly thumbnailFrames: number;
      readonly endedAt: string | null;
      readonly endReason: LiveStreamEndReason | null;
    };

export type StartedLiveStream = Exclude<LiveStreamState, { status: 'not_started' }>;

export const initialLiveStreamState = (): LiveStreamState => ({ status: 'not_started' });

const without = (ids: readonly string[], id: string) => ids.filter((x) => x !== id);

export function evolveLiveStream(state: LiveStreamState, event: LiveStreamEvent): LiveStreamState {
  switch (event.type) {
    case 'LiveStreamStarted':
    case 'LiveStreamScheduled': {
      const d = event.data;
      const scheduled = event.type === 'LiveStreamScheduled';
      return {
        status: scheduled ? 'scheduled' : 'live',
        streamId: d.streamId,
        ownerId: d.userId,
        title: d.title,
        description: d.description,
        category: d.category,
        tags: d.tags,
        allowDuets: d.allowDuets,
        startedAt: event.type === 'LiveStreamStarted' ? event.data.startedAt : null,
        scheduledFor: event.type === 'LiveStreamScheduled' ? event.data.scheduledFor : null,
        remindedUserIds: [],
        duetRequests: [],
        duetPartnerId: null,
        viewsRecorded: 0,
        chatMessages: 0,
        thumbnailFrames: 0,
        endedAt: null,
        endReason: null,
      };
    }
    case 'LiveStreamWentLive':
      return state.status === 'not_started' ? state : { ...state, status: 'live', startedAt: event.data.startedAt };
    case 'LiveStreamReminderRequested':
      return state.status === 'not_started'
        ? state
        : { ...state, remindedUserIds: [...without(state.remindedUserIds, event.data.userId), event.data.userId] };
    case 'LiveStreamReminderCancelled':
      return state.status === 'not_started'
        ? state
        : { ...state, remindedUserIds: without(state.remindedUserIds, event.data.userId) };
    case 'LiveStreamDuetRequested':
      return state.status === 'not_started'
        ? state
        : { ...state, duetRequests: [...without(state.duetRequests, event.data.userId), event.data.userId] };
    case 'LiveStreamDuetDeclined':
      return state.status === 'not_started'
        ? state
        : { ...state, duetRequests: without(state.duetRequests, event.data.userId) };
    case 'LiveStreamDuetStarted':
      return state.status === 'not_started'
        ? state
        : {
            ...state,
            duetPartnerId: event.data.partnerId,
            duetRequests: without(state.duetRequests, event.data.partnerId),
          };
    case 'LiveStreamDuetEnded':
      return state.status === 'not_started' ? state : { ...state, duetPartnerId: null };
    case 'LiveStreamViewerJoined':
      return state.status === 'not_started' ? state : { ...state, viewsRecorded: state.viewsRecorded + 1 };
    // LiveStreamViewerLeft is no longer written (presence lives in Redis); old ones change nothing.
    case 'LiveStreamChatMessagePosted':
      return state.status === 'not_started' ? state : { ...state, chatMessages: state.chatMessages + 1 };
    case 'LiveStreamThumbnailUpdated':
      return state.status === 'not_started' ? state : { ...state, thumbnailFrames: event.data.frame };
    case 'LiveStreamEnded':
      // Nobody watches an ended stream, and its duet (and any request) ends with it.
      return state.status === 'not_started'
        ? state
        : {
            ...state,
            status: 'ended',
            endedAt: event.data.endedAt,
            endReason: event.data.reason,
            duetPartnerId: null,
            duetRequests: [],
          };
    default:
      return state;
  }
}
