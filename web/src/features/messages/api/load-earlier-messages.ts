import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { withEarlierPage, type MessageThread } from '../lib/thread.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { listMessages } from './list-messages.ts';

/** "Load earlier": the page before the oldest message shown, added to the thread. */
export function useLoadEarlierMessages(otherUserId: string) {
  const client = useQueryClient();
  const key = queryKeys.messages.thread(otherUserId);
  return useMutation({
    mutationFn: async () => {
      const oldest = client.getQueryData<MessageThread>(key)?.messages[0];
      return oldest ? listMessages(otherUserId, oldest.id) : [];
    },
    onSuccess: (earlier) =>
      client.setQueryData<MessageThread>(key, (thread) => thread && withEarlierPage(thread, earlier)),
    onError: (error) => toastFailure('Error', error),
  });
}
