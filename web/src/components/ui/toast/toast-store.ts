/**
 * Toasts: one visible at a time, 5000 ms each. A new toast replaces the one showing
 * (the newest news is the one that matters) and gets its own full display time.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
}

export interface Toast extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;

export interface ToastStore {
  show(input: ToastInput): number;
  dismiss(id?: number): void;
  current(): Toast | null;
  subscribe(listener: () => void): () => void;
}

export function createToastStore(durationMs = TOAST_DURATION_MS): ToastStore {
  let current: Toast | null = null;
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const dismiss = (id?: number) => {
    if (!current || (id !== undefined && id !== current.id)) return; // an older toast's late timer
    clearTimeout(timer);
    current = null;
    emit();
  };

  return {
    show(input) {
      clearTimeout(timer);
      const id = nextId++;
      current = { variant: 'default', ...input, id };
      timer = setTimeout(() => dismiss(id), durationMs);
      emit();
      return id;
    },
    dismiss,
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one toast store; features call `toast(...)`. */
export const appToasts = createToastStore();

export function toast(input: ToastInput): number {
  return appToasts.show(input);
}
