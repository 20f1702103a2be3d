import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countStoryView, recordStoryView } from '../api/record-story-view.ts';
import { markStorySeen } from '../lib/seen-stories.ts';
import { claimViewReport, releaseViewReport } from '../lib/view-reports.ts';

/**
 * A story is reported as viewed when it is shown, once per story per page session,
 * and marked seen for the strip's ring.
 */
export function useReportView(storyId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    markStorySeen(storyId);
    if (!claimViewReport(storyId)) return;
    recordStoryView(storyId)
      .then(({ counted }) => counted && countStoryView(queryClient, storyId))
      // A lost view is not worth the viewer's attention; it may be reported next time instead.
      .catch(() => releaseViewReport(storyId));
  }, [storyId, queryClient]);
}
