import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withSafeText } from '@myworld/schemas';

/**
 * The routes' validator: each route's zod schema for params, querystring, body and headers, with
 * NUL characters and lone surrogates refused first in every string of it (a 400 naming the field,
 * as any schema failure), so no such text reaches a handler or the database.
 */
export const safeTextValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.schema instanceof z.ZodType ? { ...route, schema: withSafeText(route.schema) } : route);
