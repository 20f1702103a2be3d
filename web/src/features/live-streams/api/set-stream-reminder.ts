import { useMutation, useQueryClient } from '@tanstack/react-query';
import { streamReminderResponse, type UpcomingStream } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { upcomingStreamsKey } from './list-upcoming-streams.ts';

/** POST (remind) or DELETE (forget) /api/streams/{id}/remind. */
export async function setStreamReminder(streamId: string, remind: boolean) {
  return streamReminderResponse.parse(
    await apiJson(remind ? 'POST' : 'DELETE', `/api/streams/${encodeURIComponent(streamId)}/remind`),
  );
}

type Upcoming = { streams: UpcomingStream[]; nextCursor: string | null };

/** Remind Me / Reminder set: the upcoming list shows the answer at once, then refreshes. */
export function useSetStreamReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ streamId, remind }: { streamId: string; remind: boolean }) => setStreamReminder(streamId, remind),
    onSuccess: ({ streamId, reminded }) => {
      client.setQueryData<Upcoming>(
        upcomingStreamsKey,
        (old) =>
          old && {
            ...old,
            streams: old.streams.map((s) =>
              s.id === streamId && s.reminded !== reminded
                ? { ...s, reminded, reminderCount: s.reminderCount + (reminded ? 1 : -1) }
                : s,
            ),
          },
      );
      void client.invalidateQueries({ queryKey: upcomingStreamsKey });
    },
  });
}
