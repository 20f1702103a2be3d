import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createToastStore, TOAST_DURATION_MS } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time for 5000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    const store = createToastStore();
    store.show({ title: 'Welcome back!', description: 'Signed in' });
    expect(store.current()).toMatchObject({ title: 'Welcome back!', description: 'Signed in', variant: 'default' });
    vi.advanceTimersByTime(4999);
    expect(store.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.current()).toBeNull();
  });

  it('a new toast replaces the one showing and gets its own full 5000 ms', () => {
    const store = createToastStore();
    store.show({ title: 'First' });
    vi.advanceTimersByTime(3000);
    store.show({ title: 'Second', variant: 'destructive' });
    expect(store.current()?.title).toBe('Second');
    vi.advanceTimersByTime(2500); // the first toast's time is up; the second stays
    expect(store.current()?.title).toBe('Second');
    vi.advanceTimersByTime(2500);
    expect(store.current()).toBeNull();
  });

  it('renders title and text in a role="status" element, and can be dismissed', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    expect(screen.queryByRole('status')).toBeNull();
    act(
      () =>
        void store.show({
          title: 'Login failed',
          description: 'Please check your email and password.',
          variant: 'destructive',
        }),
    );
    const toast = screen.getByRole('status');
    expect(toast.dataset.testid).toBe('toast');
    expect(toast.dataset.variant).toBe('destructive');
    expect(screen.getByTestId('toast-title').textContent).toBe('Login failed');
    expect(screen.getByTestId('toast-description').textContent).toBe('Please check your email and password.');
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('disappears on its own after 5000 ms', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => void store.show({ title: 'Privacy Updated' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
