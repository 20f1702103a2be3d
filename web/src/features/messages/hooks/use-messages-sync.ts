import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserSocket } from '../../../lib/realtime/user-socket.ts';
import { holdMessagesSync } from '../lib/messages-sync.ts';

const noop = () => {};
const notHealthy = () => false;

/** Keeps the direct-message reads live while mounted; true while the socket is healthy (nothing needs polling). */
export function useMessagesSync(me: string | null): boolean {
  const client = useQueryClient();
  const [socket, setSocket] = useState<UserSocket | null>(null);
  useEffect(() => {
    if (!me) return;
    const held = holdMessagesSync(client, me);
    setSocket(held.socket);
    return () => {
      held.release();
      setSocket(null);
    };
  }, [client, me]);
  const subscribe = useCallback((onChange: () => void) => socket?.onHealthChange(onChange) ?? noop, [socket]);
  // No socket on the server's render (nor in the first render it hydrates into): not healthy.
  return useSyncExternalStore(subscribe, () => socket?.healthy ?? false, notHealthy);
}
