import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';

/** What every messages route shares: the platform itself (each route's write limit is its config.limit). */
export type MessagesContext = Platform;

/** Defines one messages route (see routes/). */
export const messagesRoute = routeFor<MessagesContext>();
