import { unreadLabel } from '../lib/unread-label.ts';

/** A count of unread messages ("99+" above 99); nothing at 0. Screen readers hear "3 unread messages". */
export function UnreadBadge({ count, testId, className = '' }: { count: number; testId: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className={`unread-badge ${className}`} data-testid={testId} aria-hidden="true">
        {unreadLabel(count)}
      </span>
      <span className="visually-hidden">{`${count} unread ${count === 1 ? 'message' : 'messages'}`}</span>
    </>
  );
}
