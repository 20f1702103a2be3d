import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { rememberSignedIn } from '../lib/session-hint.ts';
import type { AppRoute } from '../lib/app-route.tsx';
import { prefetchFirstScreen } from './first-screen-prefetch.ts';

afterEach(() => localStorage.clear());

const page = () => null;
function routes() {
  const home = vi.fn();
  const landing = vi.fn();
  const search = vi.fn();
  const list: AppRoute[] = [
    { path: '/', access: 'signed-out', component: page, prefetch: landing },
    { path: '/', access: 'signed-in', component: page, prefetch: home },
    { path: '/search', access: 'everyone', component: page, prefetch: search },
  ];
  return { list, home, landing, search };
}

describe("the first screen's reads, started with the session check", () => {
  it("a browser signed in last time starts the signed-in screen's reads, not the visitor's", () => {
    rememberSignedIn(true);
    const { list, home, landing } = routes();
    prefetchFirstScreen(createQueryClient(), list, '/');
    expect(home).toHaveBeenCalledTimes(1);
    expect(landing).not.toHaveBeenCalled();
  });

  it("a new browser, or one that signed out, starts the visitor's only", () => {
    const { list, home, landing } = routes();
    prefetchFirstScreen(createQueryClient(), list, '/');
    rememberSignedIn(true);
    rememberSignedIn(false);
    prefetchFirstScreen(createQueryClient(), list, '/');
    expect(home).not.toHaveBeenCalled();
    expect(landing).toHaveBeenCalledTimes(2);
  });

  it('a screen for everyone always, and only the screen at the path', () => {
    const { list, home, landing, search } = routes();
    prefetchFirstScreen(createQueryClient(), list, '/search');
    expect(search).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
    expect(landing).not.toHaveBeenCalled();
  });
});
