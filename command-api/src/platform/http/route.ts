import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorBody, routeAuth, type RouteAuth } from '@myworld/schemas';
import type { RouteLimit } from '../rate-limits/route-limits.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route must say (checked at start-up). */
    auth?: RouteAuth;
    /** The command a route handles; its latency is recorded under that name. */
    command?: string;
    /** The projection(s) a query route reads; the session's last write and X-Min-Position wait for each. */
    readModel?: RouteReadModel;
    /** The route takes multipart/form-data (platform/http/multipart.ts). */
    multipart?: MultipartForm;
    /** The route gets its JSON body unparsed (see RouteConfig.rawBody). */
    rawBody?: boolean;
  }
}

export type { RouteAuth };

/** A GET that reads no read model says why (checked at start-up: the reason may not be empty). */
export interface NoReadModel {
  readonly none: string;
}

/** What `config.readModel` holds: the projection a query reads, every one it reads, or why it reads none. */
export type RouteReadModel = string | readonly string[] | NoReadModel;

/** The projections a route declares it reads ([] for none). */
export function readModelsOf(declared: RouteReadModel | undefined): readonly string[] {
  if (declared === undefined) return [];
  if (typeof declared === 'string') return [declared];
  return 'none' in declared ? [] : declared;
}

/** What a route declares about itself besides its schemas. */
export interface RouteConfig<A extends RouteAuth = RouteAuth> {
  /** `visitor` (anyone), `user` (signed in), or a role the caller must hold. */
  readonly auth: A;
  /** The command a route handles (command routes): names its latency metric. */
  readonly command?: string;
  /**
   * The projection a query route reads (query routes), or every one it reads: the session's last
   * write and X-Min-Position wait for each, so no part of the answer misses the caller's write.
   * Every GET must declare it, or say why it reads none with `{ none: reason }` (checked at
   * start-up), so no read can forget to wait.
   */
  readonly readModel?: RouteReadModel;
  /**
   * The request limit by name (platform/rate-limits/route-limits.ts), counted per user (per address
   * for visitors). Every write route (POST, PUT, PATCH, DELETE) must declare one, or say why it
   * takes none with `{ none: reason }` (checked at start-up).
   */
  readonly limit?: RouteLimit;
  /**
   * The route takes a multipart/form-data form (a file upload) instead of a JSON body, and reads it
   * itself with `formParts()` (platform/http/multipart.ts); it declares no `body` schema. Every other route refuses such a
   * body (415). The form is documented in OpenAPI from this.
   */
  readonly multipart?: MultipartForm;
  /**
   * The route gets its JSON body as the exact bytes received (`request.body` is a Buffer, never
   * parsed), e.g. to check a signature over them before trusting anything in it. It declares no
   * `body` schema.
   */
  readonly rawBody?: boolean;
}

/** A multipart form: its text fields (the route parses them with this schema) and the names of its file parts. */
export interface MultipartForm {
  readonly fields: z.ZodObject;
  readonly files: readonly string[];
}

/** The zod schemas of one operation. Every route declares its responses; inputs as it takes them. */
export interface RouteSchemas {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** Success answers by status code. Refusals (4xx `{ error, field?, message }`) are added for every route. */
  readonly response: { readonly [status: number]: z.ZodType };
}

type Output<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The Fastify request with params, querystring and body typed by the route's schemas (already parsed). */
export type RouteRequest<S extends RouteSchemas> = FastifyRequest<{
  Params: Output<S['params']>;
  Querystring: Output<S['querystring']>;
  Body: Output<S['body']>;
}>;

/** A success answer of the route, as its handler returns it. */
export type RouteAnswer<S extends RouteSchemas> = z.input<S['response'][keyof S['response']]>;

/** Everything a handler gets: the typed request, the reply, the feature's context and the caller. */
export interface RouteCall<Ctx, S extends RouteSchemas, A extends RouteAuth> {
  readonly request: RouteRequest<S>;
  readonly reply: FastifyReply;
  readonly ctx: Ctx;
  /** The signed-in caller; only a `visitor` route can be called by nobody (null). */
  readonly userId: A extends 'visitor' ? string | null : string;
}

/** One HTTP operation: method, path, who may call it, its schemas and its handler. */
export interface RouteDefinition<Ctx, S extends RouteSchemas = RouteSchemas, A extends RouteAuth = RouteAuth> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify path syntax (`/api/streams/:id`); OpenAPI shows `{id}`. */
  readonly url: string;
  /** One line for the API documentation. */
  readonly summary: string;
  readonly description?: string;
  readonly config: RouteConfig<A>;
  readonly schema: S;
  /** Answers with the success body (the serializer checks it against `schema.response`) or the reply it sent. */
  readonly handler: (call: RouteCall<Ctx, S, A>) => Promise<RouteAnswer<S> | FastifyReply>;
}

/** Any feature's route, whatever its schemas (for lists of routes). */
export type AnyRoute<Ctx = any> = RouteDefinition<Ctx, any, any>;

/**
 * The route builder of a feature whose handlers share the context `Ctx`:
 *
 *   export const accountsRoute = routeFor<AccountsContext>();
 *   export const logout = accountsRoute({ method: 'POST', url: '/api/auth/logout', ... });
 *
 * It only fixes the types (params, querystring and body typed from their zod schemas, `userId`
 * non-null on routes that need a user); the platform registers the route.
 */
export function routeFor<Ctx>() {
  return <const S extends RouteSchemas, const A extends RouteAuth>(
    route: RouteDefinition<Ctx, S, A>,
  ): RouteDefinition<Ctx, S, A> => route;
}

/** An empty JSON object: the body of a POST that takes no input (a missing body counts as `{}`). */
export const noBody = z.object({}).describe('No input: send nothing or `{}`.');

/**
 * The API error body every refusal has; added to each route's responses so the documentation
 * shows it and the serializer keeps it to that shape.
 */
const refusals = { '4xx': apiErrorBody } as const;

/** Registers one route on `app` with its context; the platform's hooks do auth, validation and read waits. */
export function mountRoute<Ctx>(
  app: FastifyInstance,
  route: AnyRoute<Ctx>,
  ctx: Ctx,
  tags: readonly string[] = [],
): void {
  const { params, querystring, body, response } = route.schema as RouteSchemas;
  // Path parameters reach handlers only through their schema, which refuses unsafe text (no NUL) like every input.
  if (route.url.includes(':') && !params)
    throw new Error(`route ${route.method} ${route.url} has path parameters but no params schema`);
  const options: RouteOptions = {
    method: route.method,
    url: route.url,
    config: { ...route.config },
    schema: {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(tags.length ? { tags: [...tags] } : {}),
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      ...(readModelsOf(route.config.readModel).length > 0 ? { headers: readYourWritesHeaders } : {}),
      response: { ...response, ...refusals },
    },
    handler: (request, reply) =>
      route.handler({ request: request as never, reply, ctx, userId: request.userId as never }),
  };
  if (!route.config.rawBody) {
    app.route(options);
    // After registering, so that a route without config.auth is refused for that first.
    const problem = readModelProblem(route);
    if (problem) throw new Error(problem);
    return;
  }
  const readProblem = readModelProblem(route);
  if (readProblem) throw new Error(readProblem);
  // Body parsers are per instance, not per route: this route gets a scope of its own whose JSON
  // parser keeps the bytes (the app's hooks and error handler still apply to it).
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => done(null, raw));
    scope.route(options);
  });
}

/** The start-up refusal of a route whose `config.readModel` is missing on a GET, or names nothing (null: fine). */
function readModelProblem(route: AnyRoute): string | null {
  const declared = route.config.readModel as RouteReadModel | undefined;
  const label = `route ${route.method} ${route.url}`;
  if (declared === undefined)
    return route.method === 'GET'
      ? `${label} does not say which read model it reads: set config.readModel, or { none: '<why it reads none>' }`
      : null;
  if (typeof declared === 'string' ? declared.trim() : 'none' in declared ? declared.none.trim() : declared.length > 0)
    return null;
  return `${label} has an empty config.readModel: name the read model(s), or { none: '<why it reads none>' }`;
}

/** Documents X-Min-Position on query routes (the read-model hook parses it; anything else passes). */
const readYourWritesHeaders = z.looseObject({
  'x-min-position': z
    .string()
    .optional()
    .describe(
      'Not needed for your own writes (the session\'s last write is waited for anyway). An X-Position ("commit/prepare"), e.g. of another session\'s command: waits until this read model has it (bounded), else answers with X-Read-Model-Stale: true.',
    ),
});

/** Parses a route's `config.auth` (start-up check). */
export function parseRouteAuth(value: unknown): RouteAuth | undefined {
  const parsed = routeAuth.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
