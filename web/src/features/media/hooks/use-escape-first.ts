import { useEffect } from 'react';

/**
 * While `active`, Escape runs `onEscape` and goes no further: the upload dialog opens over another
 * dialog (Customize Profile), and one key press should close only the top one.
 */
export function useEscapeFirst(active: boolean, onEscape: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopImmediatePropagation();
      onEscape();
    };
    // Capturing on the window runs before any listener on the document or below it.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active, onEscape]);
}
