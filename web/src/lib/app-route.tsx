import { lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * One screen of the client. Each feature lists its screens in its own `routes.tsx`; the app
 * concatenates those lists and shows, for the current session, the routes open to it (any other
 * path shows the not-found page). Paths use wouter syntax (":streamId").
 */
export interface AppRoute {
  path: string;
  /** Who gets this screen at this path: signed-in users, visitors, or both. */
  access: 'signed-in' | 'signed-out' | 'everyone';
  component: ComponentType;
  /**
   * Starts the screen's first reads while the session is still being checked, so a first load
   * waits for one round trip of data rather than two (app/first-screen-prefetch.ts). For a
   * signed-in screen it runs only when this browser was signed in last time.
   */
  prefetch?: (queryClient: QueryClient) => void;
}

/** A page whose code loads when it is first opened, or earlier when asked to (`loadPageCode`). */
export type LazyPage = ComponentType & { readonly loadCode: () => Promise<void> };

/**
 * A page loaded only when first opened (the app shell shows a spinner meanwhile), so each page's
 * code, and heavy libraries such as mediasoup-client, stay out of the first download. Once its
 * code is in, the page renders directly: it no longer suspends at all.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = undefined; // a later load tries again
        throw error;
      },
    ));
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => ({ default: await loadOnce() }));
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { loadCode: async () => void (await loadOnce()) });
}

/** Loads a lazy page's code (nothing to do for any other page); never rejects: rendering the page reports a failure. */
export function loadPageCode(page: ComponentType): Promise<void> {
  return 'loadCode' in page ? (page as LazyPage).loadCode().catch(() => undefined) : Promise.resolve();
}

/** Whether `path` is one `pattern` serves, as the router matches them: static segments, ":name" for any one segment. */
export function routeMatches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const given = path.replace(/(.)\/$/, '$1').split('/');
  return (
    wanted.length === given.length &&
    wanted.every((segment, i) =>
      segment.startsWith(':') ? given[i] !== '' : segment.toLowerCase() === given[i]!.toLowerCase(),
    )
  );
}
