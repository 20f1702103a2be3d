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
      /** Sockets watching now (viewer id → user id or null for a visitor). */
      readonly viewers: ReadonlyMap<string, string | null>;
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
        viewers: new Map(),
        chatMessages: 0,
        endedAt: null,
        endReason: null,
      };
    }
    case 'LiveStreamViewerJoined': {
      if (state.status === 'not_started') return state;
      const viewers = new Map(state.viewers);
      viewers.set(event.data.viewerId, event.data.userId);
      return { ...state, viewers };
    }
    case 'LiveStreamViewerLeft': {
      if (state.status === 'not_started') return state;
      const viewers = new Map(state.viewers);
      viewers.delete(event.data.viewerId);
      return { ...state, viewers };
    }
    case 'LiveStreamChatMessagePosted':
      return state.status === 'not_started' ? state : { ...state, chatMessages: state.chatMessages + 1 };
    case 'LiveStreamEnded':
      // Nobody watches an ended stream.
      return state.status === 'not_started'
        ? state
        : { ...state, status: 'ended', viewers: new Map(), endedAt: event.data.endedAt, endReason: event.data.reason };
    default:
      return state;
  }
}
