import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { features as allFeatures } from './features.ts';
import type { AnyFeature, Platform } from './platform/feature.ts';
import { registerDevOutbox } from './platform/dev/outbox-page.ts';
import { registerQueuesDashboard } from './platform/dev/queues-dashboard.ts';
import { registerHealth } from './platform/health.ts';
import { registerAuth, requireRouteAuth, type RoleDirectory } from './platform/http/auth.ts';
import { ReadModelRoleDirectory } from './features/roles/role-directory.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { safeTextValidatorCompiler } from './platform/http/safe-text-validator.ts';
import { requestLogOptions } from './platform/http/log-redaction.ts';
import { registerMultipart } from './platform/http/multipart.ts';
import { registerReadModelWait } from './platform/http/read-model.ts';
import { mountRoute } from './platform/http/route.ts';
import { registerSameOriginCheck } from './platform/http/same-origin.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { inlineStyleHashes } from './platform/inline-style-hashes.ts';
import { registerEdgeRequestId, registerIdempotency } from './platform/http/command-context.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerRouteLimits } from './platform/rate-limits/route-limits.ts';
import { registerSessions } from './platform/sessions/sessions.ts';
import { registerWebClient } from './platform/web-client.ts';
import { firstReadsThrough } from './platform/first-reads.ts';
import { LinkPreviews } from './platform/link-previews/link-previews.ts';
import { SocketGateway } from './platform/ws/gateway.ts';
import { LiveReactor } from './platform/reactors/live-reactor.ts';
import type { ApiServices } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each mounted feature's context by feature name (for tests and diagnostics). */
    featureContexts: ReadonlyMap<string, unknown>;
    /** This instance's live reactor (pushes to its own sockets; tests wait on where it stands). */
    liveReactor: LiveReactor;
  }
}

export interface AppOptions {
  /** The features to serve. Default: every feature in features.ts. */
  readonly features?: readonly AnyFeature[];
  /** Where staff roles come from. Default: the `roles` read model (granted and revoked as events), cached 2 s. */
  readonly roles?: RoleDirectory;
  /** Sees every route as it is registered, the platform's and third-party ones included (tests, diagnostics). */
  readonly observeRoutes?: (route: RouteOptions) => void;
}

/**
 * The HTTP application. In order: the documentation and static files (third-party routes), then
 * the rule that every further route says who may call it, the request hooks (same origin,
 * session, auth, read-your-writes), the platform's routes and the /ws gateway, and every
 * feature's routes and socket handlers.
 */
export async function buildApp(services: ApiServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app: FastifyInstance = Fastify({
    // Request logs carry no secrets: token query values, passwords, cookies and authorization censored.
    loggerInstance: services.logger.child({}, requestLogOptions) as FastifyBaseLogger,
    // Our own ids: a trusted edge's X-Request-Id is added beside it (below) and stored in event metadata.
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Path parameters are checked by their schemas (a 400 naming the field); the router's own 100-character
    // cap counts URL-encoded bytes, so 17 accented letters would already get a bare 414.
    routerOptions: { maxParamLength: 1_000 },
  });
  // Routes declare zod schemas: requests are parsed with them (no NUL or lone surrogate in any string), answers checked against them.
  app.setValidatorCompiler(safeTextValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerEdgeRequestId(app);
  registerSecurityHeaders(app, {
    config,
    storage: services.storage,
    inlineStyleHashes: inlineStyleHashes(config.WEB_DIST),
  });
  const { observeRoutes } = options;
  if (observeRoutes) app.addHook('onRoute', (route) => observeRoutes(route));

  await registerOpenApi(app);
  // Filled with the features' pages below; the client's pages are served only after start-up.
  const linkPreviews = new LinkPreviews(app.log);
  // Each page carries its first screen's reads, answered by the routes mounted below (first-reads.ts).
  await registerWebClient(app, {
    webDist: config.WEB_DIST,
    publicUrl: config.PUBLIC_URL,
    linkPreviews,
    firstReads: firstReadsThrough(app),
  });
  const roles = options.roles ?? new ReadModelRoleDirectory(services.readModels);
  await registerQueuesDashboard(app, config, roles);
  requireRouteAuth(app);

  registerSameOriginCheck(app, config.PUBLIC_URL);
  registerIdempotency(app, config.TOKEN_SECRET);
  const sessions = await registerSessions(app, {
    redis: services.redis,
    publicUrl: config.PUBLIC_URL,
    idleSeconds: config.SESSION_IDLE_SECONDS,
  });
  await registerRouteLimits(app, { redis: services.redis, config });
  registerAuth(app, roles);
  registerReadModelWait(app, services.readModels, config.MIN_POSITION_WAIT_MS);
  await registerMultipart(app);
  // A body-taking route called with no body gets `{}`, so its schema names the missing fields.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });

  registerHealth(app, services);
  registerMetrics(app, services);
  registerDevOutbox(app, config);
  const gateway = new SocketGateway({
    redis: services.redis,
    sessions,
    logger: app.log,
    publicUrl: config.PUBLIC_URL,
    limits: config,
  });
  await gateway.register(app);

  const closing: Array<() => Promise<void>> = [];
  app.addHook('onClose', async () => {
    for (const task of closing) await task();
  });
  const platform: Platform = { ...services, sessions, roles, gateway, onClose: (task) => void closing.push(task) };
  const liveReactor = new LiveReactor({
    store: services.store,
    readModels: services.readModels,
    logger: services.logger,
    readModelWaitMs: config.MIN_POSITION_WAIT_MS,
  });
  closing.push(() => liveReactor.stop());
  app.decorate('liveReactor', liveReactor);
  const contexts = new Map<string, unknown>();
  app.decorate('featureContexts', contexts);
  try {
    for (const feature of options.features ?? allFeatures) {
      const ctx = feature.context ? feature.context(platform) : platform;
      contexts.set(feature.name, ctx);
      for (const route of feature.routes) mountRoute(app, route, ctx, [feature.name]);
      feature.socket?.(gateway, ctx);
      if (feature.pages) linkPreviews.add(feature.pages, ctx);
      for (const reaction of feature.reactions?.(ctx) ?? []) liveReactor.add(reaction);
    }
    await liveReactor.start();
  } catch (error) {
    // A feature that cannot be mounted stops start-up; what was opened so far is closed.
    await app.close();
    throw error;
  }
  return app;
}
