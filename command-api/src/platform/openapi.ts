import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POSITION_HEADERS } from '@myworld/schemas';
import { readModelsOf, type MultipartForm } from './http/route.ts';
import { SESSION_COOKIE } from './sessions/session-cookie.ts';

export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document, generated from every route's zod schemas: JSON at /api/docs/json, the UI
 * at /api/docs. Each operation also says who may call it (`x-auth`, and the session cookie as its
 * security when a user is needed). Register before any route: the document collects routes as
 * they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'MyWorld API',
        version: '0.1.0',
        description:
          "Commands answer with `position` and `X-Position`. Your session reads its own writes with no header: a query waits (at most MIN_POSITION_WAIT_MS, 2 s by default) until its read model has your session's last write. To read another session's write, send its position as `X-Min-Position`. A query that cannot catch up in time still answers, from what the read model has, with the header `X-Read-Model-Stale: true`. Every refusal is `{ error, field?, message }`.",
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const auth = document.route.config?.auth;
      if (transformed.schema && !transformed.schema.hide && auth) {
        Object.assign(transformed.schema, {
          'x-auth': auth,
          ...(auth === 'visitor' ? {} : { security: [{ session: [] }] }),
        });
      }
      if (transformed.schema && !transformed.schema.hide && readModelsOf(document.route.config?.readModel).length > 0)
        documentStaleHeader(transformed.schema.response as Record<string, { headers?: object }> | undefined);
      const form = document.route.config?.multipart;
      if (transformed.schema && !transformed.schema.hide && form)
        Object.assign(transformed.schema, { consumes: ['multipart/form-data'], body: formSchema(form) });
      return transformed;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
}

/** A query route's success answers may say they are stale: documented as a header of each. */
function documentStaleHeader(responses: Record<string, { headers?: object }> | undefined): void {
  for (const [status, answer] of Object.entries(responses ?? {})) {
    if (!status.startsWith('2')) continue;
    answer.headers = {
      ...answer.headers,
      [POSITION_HEADERS.stale]: {
        type: 'string',
        enum: ['true'],
        description:
          "Present when the read model did not reach your session's last write (or X-Min-Position) in time: the answer is what it has so far.",
      },
    };
  }
}

/** A multipart route's form as a JSON schema: its text fields as they may be sent, and each file part as binary. */
function formSchema(form: MultipartForm) {
  const { properties = {}, required = [] } = z.toJSONSchema(form.fields, { io: 'input', target: 'openapi-3.0' }) as {
    properties?: object;
    required?: string[];
  };
  return {
    type: 'object',
    properties: {
      ...properties,
      ...Object.fromEntries(form.files.map((name) => [name, { type: 'string', format: 'binary' }])),
    },
    required,
  };
}
