import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format-count.ts';

interface ActionButtonProps {
  /** Read by screen readers before the count ("Like 1.2K"). */
  label: string;
  icon: ReactNode;
  /** Undefined when the author hides it: the icon shows without a number. */
  count: number | undefined;
  testId: string;
  countTestId: string;
  /** For toggles (like): whether it is on. */
  pressed?: boolean;
  onClick: () => void;
}

/** One side action: an icon over its count. */
export function ActionButton({ label, icon, count, testId, countTestId, pressed, onClick }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`post-action ${pressed ? 'is-pressed' : ''}`}
      aria-pressed={pressed}
      data-testid={testId}
      onClick={onClick}
    >
      <span className="post-action__icon">{icon}</span>
      <span className="visually-hidden">{label}</span>
      {count !== undefined && (
        <span className="post-action__count" data-testid={countTestId}>
          {formatCount(count)}
        </span>
      )}
    </button>
  );
}
