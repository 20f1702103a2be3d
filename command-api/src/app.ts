import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerWebClient } from './plugins/web-client.ts';
import { registerHealth } from './routes/health.ts';
import { registerSameOriginCheck } from './http/same-origin.ts';
import { registerFeatures } from './features.ts';
import type { ApiServices } from './services.ts';

/** The HTTP application: infrastructure routes, then every feature's routes, then the web client. */
export async function buildApp(services: ApiServices): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    // Request ids travel into event metadata; accept the edge's id when it sends one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.:-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: services.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });
  registerErrorHandler(app);
  registerSameOriginCheck(app, services.config.PUBLIC_URL);
  registerHealth(app, services);
  registerMetrics(app, services);
  await registerFeatures(app, services);
  await registerWebClient(app, services.config.WEB_DIST);
  return app;
}
