import type { ReactNode } from 'react';
import type { DemoMotif as Motif } from '../lib/sample-data.ts';

/** The white drawing in the middle of a sample picture (inline SVG: no image file, no emoji font needed). */
export function DemoMotif({ motif }: { motif: Motif }) {
  return (
    <svg
      className="demo-art__motif"
      viewBox="0 0 64 64"
      fill="none"
      stroke="#fff"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {SHAPES[motif]}
    </svg>
  );
}

const SHAPES: Record<Motif, ReactNode> = {
  sun: (
    <>
      <circle cx="32" cy="32" r="11" fill="#fff" fillOpacity="0.9" />
      {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
        <line key={a} x1="32" y1="10" x2="32" y2="16" transform={`rotate(${a} 32 32)`} />
      ))}
    </>
  ),
  wave: (
    <>
      <path d="M6 26c6-6 12-6 18 0s12 6 18 0 12-6 16 0" />
      <path d="M6 38c6-6 12-6 18 0s12 6 18 0 12-6 16 0" />
      <path d="M6 50c6-6 12-6 18 0s12 6 18 0 12-6 16 0" strokeOpacity="0.6" />
    </>
  ),
  flame: (
    <path
      d="M32 8c2 10 14 16 14 30a14 14 0 0 1-28 0c0-8 5-12 7-18 3 5 3 9 7 11 2-8-2-15 0-23Z"
      fill="#fff"
      fillOpacity="0.25"
    />
  ),
  flower: (
    <>
      {[0, 72, 144, 216, 288].map((a) => (
        <ellipse
          key={a}
          cx="32"
          cy="19"
          rx="7"
          ry="11"
          fill="#fff"
          fillOpacity="0.3"
          transform={`rotate(${a} 32 32)`}
        />
      ))}
      <circle cx="32" cy="32" r="6" fill="#fff" />
    </>
  ),
  note: (
    <>
      <path d="M26 46V14l24-5v31" />
      <circle cx="20" cy="46" r="6" fill="#fff" />
      <circle cx="44" cy="40" r="6" fill="#fff" />
    </>
  ),
  camera: (
    <>
      <rect x="8" y="18" width="48" height="34" rx="7" />
      <path d="M22 18l4-7h12l4 7" />
      <circle cx="32" cy="35" r="9" fill="#fff" fillOpacity="0.3" />
    </>
  ),
  board: (
    <>
      <rect x="6" y="26" width="52" height="9" rx="4.5" fill="#fff" fillOpacity="0.3" />
      <circle cx="18" cy="42" r="4" fill="#fff" />
      <circle cx="46" cy="42" r="4" fill="#fff" />
    </>
  ),
  star: <path d="m32 8 7 15 16 2-12 11 3 16-14-8-14 8 3-16L9 25l16-2Z" fill="#fff" fillOpacity="0.3" />,
  heart: (
    <path d="M32 52S10 39 10 24a11 11 0 0 1 22-3 11 11 0 0 1 22 3c0 15-22 28-22 28Z" fill="#fff" fillOpacity="0.3" />
  ),
};
