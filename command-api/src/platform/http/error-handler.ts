import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PLATFORM_MESSAGES, type ApiErrorBody } from '@myworld/schemas';
import { ReadModelNotReadyError } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { isRedisUnavailable } from '../sessions/redis-errors.ts';

/**
 * Every failure answers JSON `{ error, field?, message }`: refusals with their 4xx, requests
 * whose params, query or body fail their route's schema with 400 naming the first field at fault
 * (with the schema's own message), and only genuine faults with 500 (logged, not leaked).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send(body(error.code, error.message, error.field));
    }
    if (isRedisUnavailable(error)) {
      request.log.warn({ err: error }, 'redis unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('service_unavailable', PLATFORM_MESSAGES.serviceUnavailable));
    }
    if (error instanceof ReadModelNotReadyError) {
      return reply.status(503).header('retry-after', '1').send(body('read_model_not_ready', error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return reply
        .status(400)
        .send(body('validation_failed', first.message ?? PLATFORM_MESSAGES.invalidRequest, field));
    }
    const fastifyError = error as FastifyError;
    if (
      !isResponseSerializationError(fastifyError as never) &&
      fastifyError.statusCode &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Fastify's own refusals: unparsable JSON (naming the body), unsupported media type, too large...
      const field = fastifyError.code?.startsWith('FST_ERR_CTP') ? 'body' : undefined;
      return reply
        .status(fastifyError.statusCode)
        .send(body(fastifyError.code ?? 'bad_request', fastifyError.message, field));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal_error', PLATFORM_MESSAGES.internalError));
  });
}

function body(error: string, message: string, field?: string): ApiErrorBody {
  return { error, ...(field ? { field } : {}), message };
}
