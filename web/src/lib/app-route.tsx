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

/**
 * A page loaded only when first opened (the app shell shows a spinner meanwhile), so each page's
 * code, and heavy libraries such as mediasoup-client, stay out of the first download.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return () => <Page />;
}
