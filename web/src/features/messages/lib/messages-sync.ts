import type { QueryClient } from '@tanstack/react-query';
import type { ServerMessage } from '@myworld/schemas';
import { holdUserSocket, type UserSocket } from '../../../lib/realtime/user-socket.ts';
import { applyMessage, applyRead, refreshAfterGap, setUnreadTotal } from './messages-cache.ts';

/**
 * Keeps the direct-message reads live from the user's socket: `new_message` and
 * `conversation_read` go into the cache, and each time the socket becomes healthy the reads are
 * refreshed (pushes sent while it was down are lost). One per query client and user, however many
 * components hold it (the nav badge and the messages page both do), so each push is applied once.
 */

interface Sync {
  socket: UserSocket;
  holders: number;
  stop: () => void;
}

const syncs = new WeakMap<QueryClient, Map<string, Sync>>();

function hear(client: QueryClient, me: string, message: ServerMessage): void {
  // Each push carries the total unread of the user whose socket gets it (also for a message they sent).
  if (message.type === 'new_message') {
    applyMessage(client, me, message.message);
    setUnreadTotal(client, message.totalUnread);
  } else if (message.type === 'conversation_read') {
    applyRead(client, message.otherUserId, message.totalUnread);
  }
}

function startSync(client: QueryClient, me: string): Sync {
  const { socket, release } = holdUserSocket(me);
  const offMessages = socket.subscribe((m) => hear(client, me, m));
  const offHealth = socket.onHealthChange(() => {
    if (socket.healthy) refreshAfterGap(client);
  });
  return {
    socket,
    holders: 0,
    stop: () => {
      offMessages();
      offHealth();
      release();
    },
  };
}

/** Starts (or joins) the sync for `me`; `release` when done, the last release stops it. */
export function holdMessagesSync(client: QueryClient, me: string): { socket: UserSocket; release: () => void } {
  const byUser = syncs.get(client) ?? new Map<string, Sync>();
  syncs.set(client, byUser);
  const sync = byUser.get(me) ?? startSync(client, me);
  byUser.set(me, sync);
  sync.holders += 1;
  let released = false;
  return {
    socket: sync.socket,
    release: () => {
      if (released) return;
      released = true;
      sync.holders -= 1;
      if (sync.holders > 0) return;
      byUser.delete(me);
      sync.stop();
    },
  };
}
