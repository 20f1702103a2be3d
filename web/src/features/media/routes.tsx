import type { AppRoute } from '../../lib/app-route.tsx';

/**
 * Media has no page of its own: its uploader fills the `Uploader` slot (app/slots.ts) wherever
 * another feature takes a file.
 */
export const mediaRoutes: AppRoute[] = [];
