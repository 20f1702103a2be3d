import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { conversationsResponse, MESSAGE_POLL_MS } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { sumUnread, type ConversationsPage } from '../lib/conversation-pages.ts';
import { setUnreadTotal } from '../lib/messages-cache.ts';

/** GET /api/conversations?cursor=: newest first, a page at a time. */
export async function listConversations(cursor: string | null, signal?: AbortSignal): Promise<ConversationsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const page = await apiPage(`/api/conversations${query}`, signal);
  return { conversations: conversationsResponse.parse(page.body), nextCursor: page.nextCursor };
}

export const conversationsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.messages.conversations,
  queryFn: async ({ pageParam, signal, client }) => {
    const page = await listConversations(pageParam, signal);
    // The first page's sum is the badge's total when it is the whole list; when more pages
    // follow it only starts the badge off, until the socket or a read says the real total. A
    // read replaced by a newer one (see messages-cache.ts) says nothing.
    const whole = page.nextCursor === null;
    if (
      pageParam === null &&
      !signal.aborted &&
      (whole || client.getQueryData(queryKeys.messages.unreadTotal) === undefined)
    ) {
      setUnreadTotal(client, sumUnread(page.conversations));
    }
    return page;
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  // Read afresh when the list opens: the socket keeps it live only while it is healthy.
  staleTime: 0,
});

/** The list; `poll` reads it again every MESSAGE_POLL_MS (while the socket cannot push). */
export function useConversations({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useInfiniteQuery({ ...conversationsQueryOptions, enabled, refetchInterval: poll ? MESSAGE_POLL_MS : false });
}
