import { useLocation } from 'wouter';

/** A header's back control to a fixed place (/go-live goes back to /live; a room, the legal pages and the editor's checklist to /). */
export function BackButton({ to, label = 'Back' }: { to: string; label?: string }) {
  const [, navigate] = useLocation();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      data-testid="back-button"
      onClick={() => navigate(to)}
    >
      {/* BackIcon's path at 22px: a stream room's header does not size its icons (the other headers set 22px in CSS). */}
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
  );
}
