import type { ServerMessage } from '@myworld/schemas';
import type { ToastInput } from '../../../components/ui/toast/toast-store.ts';
import { toastOnPush } from '../../../lib/realtime/user-socket.ts';

type StreamReminder = Extract<ServerMessage, { type: 'stream_reminder' }>;

/** What a reminded viewer is told, on whatever page they are: the stream, who, and where to watch. */
export function streamReminderNotice(m: StreamReminder): ToastInput {
  const who = `@${m.streamerUsername ?? 'unknown'}`;
  const when = m.isActive
    ? 'is live now'
    : `starts at ${new Date(m.scheduledFor).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  return { title: m.title || 'Live soon', description: `${who} ${when}. Watch at /stream/${m.streamId}` };
}

/** Shows a notice for every stream_reminder the user's socket gets (once per app load). */
export function listenForStreamReminders(): () => void {
  return toastOnPush('stream_reminder', streamReminderNotice);
}
