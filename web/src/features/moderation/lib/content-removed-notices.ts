import type { ContentType, ServerMessage } from '@myworld/schemas';
import type { ToastInput } from '../../../components/ui/toast/toast-store.ts';
import { toastOnPush } from '../../../lib/realtime/user-socket.ts';

type ContentRemovedMessage = Extract<ServerMessage, { type: 'content_removed' }>;

const WHAT: Record<ContentType, string> = {
  video: 'Your video',
  text_post: 'Your post',
  comment: 'Your comment',
  user: 'Your account',
  story: 'Your story',
  stream: 'Your live stream',
  message: 'Your message',
};

/** What the author is told, on whatever page they are, when a moderator removes their content. */
export function contentRemovedNotice(m: ContentRemovedMessage): ToastInput {
  return { title: `${WHAT[m.contentType]} was removed`, description: m.note, variant: 'destructive' };
}

/** Shows a notice for every content_removed the user's socket gets (once per app load). */
export function listenForContentRemoved(): () => void {
  return toastOnPush('content_removed', contentRemovedNotice);
}
