import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POST_MESSAGES, type PostStatus } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Once a submitted video leaves "processing": says so once, and refreshes what now shows it
 * (the feed only lists published videos; the author's grid shows its new status).
 */
export function useVideoOutcome(
  postId: string | null,
  status: PostStatus | undefined,
  failureReason: string | null | undefined,
) {
  const queryClient = useQueryClient();
  // Which post's outcome was last told, so a re-render (or a refetch) does not tell it twice.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!postId || (status !== 'published' && status !== 'failed')) return;
    if (told.current === `${postId}:${status}`) return;
    told.current = `${postId}:${status}`;
    void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
    if (status === 'published') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
      toast({ title: POST_MESSAGES.videoPublished });
    } else {
      toast({ title: POST_MESSAGES.videoFailed, description: failureReason ?? undefined, variant: 'destructive' });
    }
  }, [postId, status, failureReason, queryClient]);
}
