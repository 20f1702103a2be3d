import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../lib/query-client.ts';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { useUsernameAvailability } from './check-username.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAvailability(initial: string) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ username }) => useUsernameAvailability(username), {
    wrapper,
    initialProps: { username: initial },
  });
}

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

describe('username availability', () => {
  it('asks the server only after 500 ms without typing', async () => {
    const fetch = stubFetch((url) => json(200, { available: !url.endsWith('/jane') }));
    const { result, rerender } = renderAvailability('');
    rerender({ username: 'jan' });
    expect(result.current).toBe('checking');
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    rerender({ username: 'jane' }); // typing again restarts the wait
    await act(async () => void (await vi.advanceTimersByTimeAsync(499)));
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current).toBe('checking');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/check-username/jane');
    expect(result.current).toBe('taken');
  });

  it('never asks about fewer than 3 characters', async () => {
    const fetch = stubFetch(() => json(200, { available: true }));
    const { result, rerender } = renderAvailability('');
    rerender({ username: 'ja' });
    await act(async () => void (await vi.advanceTimersByTimeAsync(2000)));
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current).toBe('unknown');
    rerender({ username: 'jam' });
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)));
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('available');
  });

  it('leaves availability unknown when the check fails', async () => {
    stubFetch(() => json(500, { error: 'internal', message: 'boom' }));
    const { result, rerender } = renderAvailability('');
    rerender({ username: 'jane' });
    await act(async () => void (await vi.advanceTimersByTimeAsync(500)));
    await flush();
    expect(result.current).toBe('unknown');
  });
});
