import type { ReactNode } from 'react';
import { useLocation } from 'wouter';

interface PageHeaderProps {
  title: string;
  /** Where the back control goes (each page has a fixed one). */
  backTo: string;
  /** A button on the right (e.g. "Upload Video"). */
  action?: ReactNode;
}

/** The posting pages' header: back to a fixed place, the title, one action. */
export function PageHeader({ title, backTo, action }: PageHeaderProps) {
  const [, navigate] = useLocation();
  return (
    <header className="posting-header">
      <button
        type="button"
        className="icon-button"
        aria-label="Back"
        data-testid="back-button"
        onClick={() => navigate(backTo)}
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="m15 18-6-6 6-6" />
        </svg>
      </button>
      <h1 className="posting-header__title">{title}</h1>
      {action}
    </header>
  );
}
