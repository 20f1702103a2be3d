import { skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The total unread count, once known: never fetched itself, set by the conversations read, the socket and reads. */
export function useUnreadTotal(): number | undefined {
  return useQuery<number>({ queryKey: queryKeys.messages.unreadTotal, queryFn: skipToken }).data;
}
