import type { ReactNode } from 'react';
import type { FaceFilterId } from '@myworld/schemas';

/**
 * The face filters' pictures as SVG stroke icons (24×24, currentColor), for the go-live page and
 * the editor: emoji render as empty boxes where no emoji font is installed.
 */
const FACE = <circle cx="12" cy="13" r="6.5" />;
const PICTURES: Readonly<Record<FaceFilterId, ReactNode>> = {
  none: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m6 6 12 12" />
    </>
  ),
  'dog-ears': (
    <>
      {FACE}
      <path d="M7 8.5C4.5 7 3 9 3.5 13.5 5 14 6 12.5 6.5 11M17 8.5c2.5-1.5 4 .5 3.5 5-1.5.5-2.5-1-3-2.5" />
      <circle cx="12" cy="14.5" r="1" fill="currentColor" />
    </>
  ),
  'cat-face': (
    <>
      {FACE}
      <path d="M7.3 8.3 6.5 3.5l4 3M16.7 8.3l.8-4.8-4 3M3 14h4.5M3.5 16.5l4-1.2M21 14h-4.5M20.5 16.5l-4-1.2" />
    </>
  ),
  bunny: (
    <>
      {FACE}
      <path d="M9.5 7C8.5 3.5 8.7 1.5 9.5 1.5s2 2.5 1.8 5.5M14.5 7c1-3.5.8-5.5 0-5.5s-2 2.5-1.8 5.5" />
    </>
  ),
  flowers: (
    <>
      <circle cx="12" cy="12" r="2.2" />
      <path d="M12 9.8a3 3 0 1 1 0-6 3 3 0 1 1 0 6zM12 14.2a3 3 0 1 0 0 6 3 3 0 1 0 0-6zM9.8 12a3 3 0 1 1-6 0 3 3 0 1 1 6 0zM14.2 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0z" />
    </>
  ),
  rainbow: <path d="M2.5 18a9.5 9.5 0 0 1 19 0M6 18a6 6 0 0 1 12 0M9.5 18a2.5 2.5 0 0 1 5 0" />,
  sparkles: (
    <path d="M10 3.5 11.6 8.4 16.5 10l-4.9 1.6L10 16.5l-1.6-4.9L3.5 10l4.9-1.6zM18 14l.8 2.2L21 17l-2.2.8L18 20l-.8-2.2L15 17l2.2-.8z" />
  ),
  hearts: (
    <path d="M8.5 19S3 15.6 3 11.6A3 3 0 0 1 8.5 10a3 3 0 0 1 5.5 1.6c0 4-5.5 7.4-5.5 7.4zM16.5 10.5S13 8.3 13 5.8a2 2 0 0 1 3.5-1 2 2 0 0 1 3.5 1c0 2.5-3.5 4.7-3.5 4.7z" />
  ),
  butterfly: (
    <path d="M12 7v12M12 10C9.5 5 3 3.5 3 7.5 3 10.5 6 12 9 12c-3 .5-5 2.5-4 4.5 1.2 2.3 5.5.5 7-3.5 1.5 4 5.8 5.8 7 3.5 1-2-1-4-4-4.5 3 0 6-1.5 6-4.5 0-4-6.5-2.5-9 2.5z" />
  ),
  unicorn: (
    <>
      {FACE}
      <path d="m10.5 6.8 1.5-5.3 1.5 5.3" />
    </>
  ),
  beard: (
    <>
      <circle cx="12" cy="10" r="6" />
      <path d="M6.2 11.5C6.5 17 9 21 12 21s5.5-4 5.8-9.5c-1.5 1.5-3.5 2-5.8 2s-4.3-.5-5.8-2z" fill="currentColor" />
    </>
  ),
  mustache: (
    <path
      d="M12 12.5c-1.5-2.5-4.5-3-6.5-1.5S3 13 2.5 12c-.3 2.5 2 4.5 5 4 2.2-.4 3.5-2 4.5-3.5 1 1.5 2.3 3.1 4.5 3.5 3 .5 5.3-1.5 5-4-.5 1-1 1-3 .5-2-1.5-5-1-6.5 1.5z"
      fill="currentColor"
    />
  ),
};

/** A face filter's picture; `className` sizes it (1em by default, so it follows the font size). */
export function FaceFilterIcon({ filter, className }: { filter: FaceFilterId; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      data-face-filter-icon={filter}
    >
      {PICTURES[filter]}
    </svg>
  );
}
