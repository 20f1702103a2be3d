import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyPage, loadPageCode, routeMatches } from './app-route.tsx';

describe('routeMatches', () => {
  it('matches as the router does: static segments any case, a parameter any one segment, a trailing slash', () => {
    expect(routeMatches('/stream/:streamId', '/stream/abc')).toBe(true);
    expect(routeMatches('/stream/:streamId', '/stream/abc/')).toBe(true);
    expect(routeMatches('/Live', '/live')).toBe(true);
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/stream/:streamId', '/stream/')).toBe(false);
    expect(routeMatches('/stream/:streamId', '/stream/abc/chat')).toBe(false);
    expect(routeMatches('/live', '/live-streams')).toBe(false);
    expect(routeMatches('/', '/live')).toBe(false);
  });
});

describe('lazyPage', () => {
  const Room = () => <p>the room</p>;

  it('loads its code once, and once loaded renders at once, with no spinner in between', async () => {
    const load = vi.fn(async () => ({ Room }));
    const Page = lazyPage(load, 'Room');
    await Promise.all([loadPageCode(Page), loadPageCode(Page)]);
    render(
      <Suspense fallback={<p>spinner</p>}>
        <Page />
      </Suspense>,
    );
    // Rendered in the same commit: a page that suspended would show the spinner first.
    expect(screen.getByText('the room')).toBeTruthy();
    expect(screen.queryByText('spinner')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not loaded yet, it suspends until its code is in; a failed load is tried again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Room });
    const Page = lazyPage(load, 'Room');
    await loadPageCode(Page); // never rejects: rendering the page reports a failure
    render(
      <Suspense fallback={<p>spinner</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('spinner')).toBeTruthy();
    await act(async () => {});
    expect(await screen.findByText('the room')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
