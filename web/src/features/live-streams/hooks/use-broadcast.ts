import { useSyncExternalStore } from 'react';
import { broadcastSession, type BroadcastState } from '../lib/broadcast-session.ts';

/** The streamer's live session as React state. */
export function useBroadcast(): BroadcastState {
  return useSyncExternalStore(broadcastSession.store.subscribe, broadcastSession.store.get, broadcastSession.store.get);
}
