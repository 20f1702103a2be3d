import fastifyMultipart from '@fastify/multipart';
import { errorCodes, type FastifyInstance } from 'fastify';

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;
/** Methods Fastify never parses a body for. */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * multipart/form-data (a form with a file), for the routes that declare `config.multipart` and no
 * other. Fastify keeps body parsers per instance, not per route, so the parser is app-wide; every
 * other route refuses such a body with the same 415 as before it existed, after the auth hooks as
 * before. The parser reads nothing: the route streams the parts itself (`request.parts()` with its
 * own limits), so no body limit applies here and a file never sits whole in memory.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { parts: 20, files: 1, fields: 10, fieldSize: 64 * 1024, headerPairs: 100 } });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.routeOptions.config.multipart || BODYLESS.has(request.method)) return payload;
    if (MULTIPART.test(request.headers['content-type'] ?? '')) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    return payload;
  });
}
