import { useEffect, useState, type ReactNode } from 'react';
import { MoreIcon } from './icons.tsx';
import './menu-button.css';

interface MenuButtonProps {
  /** The button's accessible name ("More", "More about this comment"). */
  label: string;
  /** `{testId}` is the button, `{testId}-menu` the open menu. */
  testId: string;
  /** Where the menu opens: below the button (default), or to its left (the feed's vertical action bar). */
  placement?: 'below' | 'left';
  /** The button's own look; the "…" icon when not given. */
  children?: ReactNode;
  className?: string;
  /** The menu's items (role="menuitem", class "menu__item"); `close` closes the menu. */
  items: (close: () => void) => ReactNode;
}

/**
 * A "…" button with a small menu. Escape and a click outside close it. The outside is a backdrop
 * rather than a document listener: a dialog an item opens (even in a portal) sits above it, so
 * clicks there keep the menu, and with it the dialog, open.
 */
export function MenuButton({ label, testId, placement = 'below', children, className, items }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="menu-button">
      <button
        type="button"
        className={className ?? 'menu-button__trigger'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={children ? undefined : label}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        {children ?? <MoreIcon />}
      </button>
      {open && (
        <>
          <div className="menu-button__backdrop" aria-hidden="true" onClick={close} />
          <div className={`menu menu--${placement}`} role="menu" aria-label={label} data-testid={`${testId}-menu`}>
            {items(close)}
          </div>
        </>
      )}
    </div>
  );
}
