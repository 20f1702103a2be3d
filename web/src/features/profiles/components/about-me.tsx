import { useId, useState } from 'react';

/** About Me, folded until opened (it can be long). */
export function AboutMe({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="about-me">
      <button
        type="button"
        className="about-me__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="about-me-toggle"
      >
        About Me <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <p id={panelId} className="about-me__text" data-testid="about-me-text">
          {text}
        </p>
      )}
    </section>
  );
}
