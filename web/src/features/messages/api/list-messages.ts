import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGE_POLL_MS, messagesResponse, type DirectMessage } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { withLatestPage, type MessageThread } from '../lib/thread.ts';

/** GET /api/messages/{otherUserId}?before=: the latest page, or the page before that message; oldest first. */
export async function listMessages(
  otherUserId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<DirectMessage[]> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return messagesResponse.parse(
    await apiJson('GET', `/api/messages/${encodeURIComponent(otherUserId)}${query}`, undefined, signal),
  );
}

/** Reading the latest page adds it to what the thread already holds (see withLatestPage). */
export function threadQueryOptions(otherUserId: string) {
  return queryOptions({
    queryKey: queryKeys.messages.thread(otherUserId),
    queryFn: async ({ signal, client, queryKey }) => {
      const latest = await listMessages(otherUserId, undefined, signal);
      // The cache as it is now, after the wait: a push that landed meanwhile is kept.
      return withLatestPage(client.getQueryData<MessageThread>(queryKey), latest);
    },
    staleTime: 0,
  });
}

/** One conversation; `poll` reads the latest page every MESSAGE_POLL_MS (while the socket cannot push). */
export function useThread(otherUserId: string, { poll }: { poll: boolean }) {
  return useQuery({ ...threadQueryOptions(otherUserId), refetchInterval: poll ? MESSAGE_POLL_MS : false });
}
