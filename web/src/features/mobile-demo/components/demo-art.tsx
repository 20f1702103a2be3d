import type { DemoArt as Art } from '../lib/sample-data.ts';
import { DemoMotif } from './demo-motif.tsx';

/** A sample picture drawn on the spot (a gradient and a small drawing), so the demo loads no image. */
export function DemoArt({ art, className = '' }: { art: Art; className?: string }) {
  return (
    <div
      className={`demo-art ${className}`}
      style={{ background: `linear-gradient(150deg, ${art.from}, ${art.to})` }}
      aria-hidden="true"
    >
      <DemoMotif motif={art.motif} />
    </div>
  );
}

/** A creator's round initial on the colour they picked for their profile. */
export function DemoAvatar({ name, color, className = '' }: { name: string; color: string; className?: string }) {
  return (
    <span className={`demo-avatar ${className}`} style={{ background: color }} aria-hidden="true">
      {name.charAt(0)}
    </span>
  );
}
