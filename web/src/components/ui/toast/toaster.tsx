import { useSyncExternalStore } from 'react';
import { appToasts, type ToastStore } from './toast-store.ts';
import './toaster.css';

/** Shows the current toast, if any, in a polite live region near the top of the screen. */
export function Toaster({ store = appToasts }: { store?: ToastStore }) {
  const toast = useSyncExternalStore(store.subscribe, store.current, store.current);
  return (
    <div className="toaster" aria-live="polite">
      {toast && (
        <div
          key={toast.id}
          className={`toast toast--${toast.variant ?? 'default'}`}
          role="status"
          data-testid="toast"
          data-variant={toast.variant ?? 'default'}
        >
          <div className="toast__body">
            <p className="toast__title" data-testid="toast-title">
              {toast.title}
            </p>
            {toast.description && (
              <p className="toast__text" data-testid="toast-description">
                {toast.description}
              </p>
            )}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => store.dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
