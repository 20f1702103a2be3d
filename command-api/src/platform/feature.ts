import type { ApiServices } from '../services.ts';
import type { AnyRoute } from './http/route.ts';
import type { RoleDirectory } from './http/auth.ts';
import type { Sessions } from './sessions/sessions.ts';
import type { SocketGateway } from './ws/gateway.ts';
import type { PagePreview } from './link-previews/link-previews.ts';
import type { LiveReaction } from './reactors/live-reactor.ts';
import type { FeatureConfig } from './feature-config.ts';

/** What the platform hands every feature: the services plus sessions, roles and the /ws gateway. */
export interface Platform extends ApiServices {
  readonly sessions: Sessions;
  readonly roles: RoleDirectory;
  readonly gateway: SocketGateway;
  /** Runs when the app closes (e.g. to stop something the feature started). */
  onClose(task: () => Promise<void>): void;
}

/**
 * A product feature as the API sees it (`features/<name>/index.ts` exports one):
 * - `name`: the kebab-case name the feature has in every package;
 * - `config`: the environment variables it reads (schema and defaults, features/<name>/config.ts),
 *   merged into the API's configuration by config.ts;
 * - `routes`: one definition per HTTP operation (`routes/<operation>.ts`);
 * - `socket`: registers the feature's /ws message handlers on the gateway app.ts created;
 * - `pages`: the web client's shareable pages it owns, with the link preview each serves;
 * - `reactions`: what follows from events on this instance only (pushes to its own sockets, its
 *   own SFU), run by the instance's live reactor (platform/reactors), never inside a request;
 * - `context`: what its routes and socket handlers share, built once per app from the platform
 *   (default: the platform itself).
 */
export interface Feature<Ctx = Platform> {
  readonly name: string;
  readonly config?: FeatureConfig<any>;
  readonly context?: (platform: Platform) => Ctx;
  readonly routes: readonly AnyRoute<Ctx>[];
  readonly socket?: (gateway: SocketGateway, ctx: Ctx) => void;
  readonly pages?: readonly PagePreview<Ctx>[];
  readonly reactions?: (ctx: Ctx) => readonly LiveReaction[];
}

export type AnyFeature = Feature<any>;

/** Checks a feature's parts against one context type. */
export function defineFeature<Ctx>(feature: Feature<Ctx>): Feature<Ctx> {
  return feature;
}
