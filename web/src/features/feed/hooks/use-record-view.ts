import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { recordView } from '../api/record-view.ts';
import { claimView, releaseView } from '../lib/view-session.ts';

/** How long a post must stay the one on screen before it counts as viewed. */
export const VIEW_DWELL_MS = 1000;

/**
 * Reports a view of `postId` once it has been the shown post for VIEW_DWELL_MS (a post scrolled
 * past quickly is not a view), at most once per post per page session. Null: nothing is shown.
 * Visitors' views are not recorded (the server takes interactions from signed-in users only). A
 * recorded view makes the recommendations stale: they refresh when next shown, not under the viewer.
 */
export function useRecordView(postId: string | null) {
  const signedIn = useCurrentUser().user !== null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!postId || !signedIn) return;
    const timer = setTimeout(() => {
      if (!claimView(postId)) return;
      // A lost view is not worth the viewer's attention; it may be reported next time instead.
      recordView(postId).then(
        () => queryClient.invalidateQueries({ queryKey: queryKeys.recommendations.all, refetchType: 'none' }),
        () => releaseView(postId),
      );
    }, VIEW_DWELL_MS);
    return () => clearTimeout(timer);
  }, [postId, signedIn, queryClient]);
}
