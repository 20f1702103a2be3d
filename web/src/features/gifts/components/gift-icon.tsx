import type { ReactNode } from 'react';

/**
 * The gifts' pictures as SVG (colour, 24×24 drawn at any size): emoji render as empty boxes where
 * no emoji font is installed, which is most Linux machines. A gift type configured without a
 * picture of its own (GIFT_CATALOGUE) shows a wrapped present.
 */
const GIFT_PICTURES: Readonly<Record<string, ReactNode>> = {
  rose: (
    <>
      <path d="M12 13v9" stroke="#16a34a" strokeWidth="2" strokeLinecap="round" />
      <path d="M12 18c-3 0-4.5-1.5-5-3.5 2.5-.3 4.2.8 5 3.5z" fill="#22c55e" />
      <path d="M6.5 6.5C6.5 3.5 9 2 12 2s5.5 1.5 5.5 4.5c0 3.6-2.5 6.5-5.5 6.5s-5.5-2.9-5.5-6.5z" fill="#e11d48" />
      <path d="M9.5 6c1-1.6 4-1.6 5 0-.6 2.2-4.4 2.2-5 0z" fill="#9f1239" />
    </>
  ),
  heart: (
    <path
      d="M12 21s-8.5-5.2-8.5-11.2A4.8 4.8 0 0 1 12 7.2a4.8 4.8 0 0 1 8.5 2.6C20.5 15.8 12 21 12 21z"
      fill="#ef4444"
    />
  ),
  star: (
    <path
      d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z"
      fill="#facc15"
      stroke="#eab308"
      strokeLinejoin="round"
    />
  ),
  diamond: (
    <>
      <path d="M6 3h12l4 6-10 12L2 9z" fill="#38bdf8" />
      <path d="M2 9h20M9 3 7.5 9 12 21l4.5-12L15 3" stroke="#0369a1" strokeWidth="1.2" fill="none" />
    </>
  ),
  crown: (
    <>
      <path d="m3 8 4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="#f59e0b" stroke="#b45309" strokeLinejoin="round" />
      <circle cx="12" cy="15" r="1.6" fill="#dc2626" />
    </>
  ),
  rocket: (
    <>
      <path d="M12 2c3.5 2.5 5 6.5 4.5 12h-9C7 8.5 8.5 4.5 12 2z" fill="#e5e7eb" stroke="#6b7280" />
      <circle cx="12" cy="8.5" r="2" fill="#3b82f6" />
      <path d="M7.5 11 4 15.5l3.5.5zM16.5 11l3.5 4.5-3.5.5z" fill="#ef4444" />
      <path d="M9.5 14.5h5L12 21.5z" fill="#f97316" />
    </>
  ),
  castle: (
    <>
      <path d="M3 21V9h3v2h2V9h3v3h2V9h3v2h2V9h3v12z" fill="#a78bfa" stroke="#6d28d9" strokeLinejoin="round" />
      <path d="M10 21v-4a2 2 0 0 1 4 0v4z" fill="#4c1d95" />
      <path d="M12 3v6M12 3l3 1.5L12 6" stroke="#db2777" strokeWidth="1.5" fill="#db2777" />
    </>
  ),
};

const PRESENT = (
  <>
    <path d="M4 10h16v11H4z" fill="#ec4899" />
    <path d="M3 7h18v3H3z" fill="#db2777" />
    <path d="M12 7v14" stroke="#fde68a" strokeWidth="2" />
    <path d="M12 7C10 3.5 6.5 4 7.5 7zM12 7c2-3.5 5.5-3 4.5 0z" fill="#fde68a" />
  </>
);

/** A gift's picture; `className` sizes it (1em by default, so it follows the font size). */
export function GiftIcon({ type, className }: { type: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" className={className} aria-hidden="true" data-gift-icon={type}>
      {GIFT_PICTURES[type] ?? PRESENT}
    </svg>
  );
}
