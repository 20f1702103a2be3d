import { useEffect } from 'react';
import { recordView } from '../api/record-view.ts';
import { claimView, releaseView } from '../lib/view-session.ts';

/** How long a post must stay the one on screen before it counts as viewed. */
export const VIEW_DWELL_MS = 1000;

/**
 * Reports a view of `postId` once it has been the shown post for VIEW_DWELL_MS (a post scrolled
 * past quickly is not a view), at most once per post per page session. Null: nothing is shown.
 */
export function useRecordView(postId: string | null) {
  useEffect(() => {
    if (!postId) return;
    const timer = setTimeout(() => {
      if (!claimView(postId)) return;
      // A lost view is not worth the viewer's attention; it may be reported next time instead.
      recordView(postId).catch(() => releaseView(postId));
    }, VIEW_DWELL_MS);
    return () => clearTimeout(timer);
  }, [postId]);
}
