import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  /** A sheet from the bottom (centred on wide screens), or a full-height drawer from the right. */
  variant?: 'sheet' | 'drawer';
  /** The × button's accessible name. */
  closeLabel?: string;
}

/** The backdrop's extra class of each variant (global.css styles the drawer through it). */
const VARIANT_CLASS: Record<NonNullable<ModalProps['variant']>, string> = {
  sheet: '',
  drawer: ' modal-backdrop--drawer',
};

/** Open modals, the newest last: Escape closes only the one on top (a dialog opened from another). */
const openModals: object[] = [];

/**
 * A dialog sheet over the page: Escape, the backdrop and the × button all close it. It is drawn at
 * the document's end, so wherever it is opened (a menu, a feed item's overlay) it keeps the app's
 * colours and sits above the bottom bar.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  testId,
  variant = 'sheet',
  closeLabel = 'Close dialog',
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const identity = useRef({});
  // Callers may pass a new onClose on every render: Escape reads the latest one from here, so the
  // listener below is set up (and the panel focused) once, not on every render, which would pull
  // focus out of the input being typed in.
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    const me = identity.current;
    openModals.push(me);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && openModals.at(-1) === me && latestOnClose.current();
    document.addEventListener('keydown', onKey);
    panel.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(me), 1);
    };
  }, []);

  return createPortal(
    // React passes a portal's events to the opener's ancestors: keep clicks inside from reaching them (a feed item's tap-to-pause, say).
    <div
      className={`modal-backdrop${VARIANT_CLASS[variant]}`}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
      onClick={(e) => e.stopPropagation()}
    >
      <div
        ref={panel}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
