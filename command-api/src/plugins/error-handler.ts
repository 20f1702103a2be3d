import type { FastifyError, FastifyInstance } from 'fastify';
import { ReadModelNotReadyError } from '@myworld/projections';
import { DomainError } from '../commands/domain-error.ts';

/**
 * Every failure answers JSON `{ error, field?, message }`: refusals with their 4xx, malformed
 * requests with 400 naming what is wrong, and only genuine faults with 500 (logged, not leaked).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send({ error: error.code, ...(error.field ? { field: error.field } : {}), message: error.message });
    }
    if (error instanceof ReadModelNotReadyError) {
      return reply.status(503).header('retry-after', '1').send({ error: 'read_model_not_ready', message: error.message });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const first = fastifyError.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      return reply.status(400).send({ error: 'validation_failed', ...(field ? { field } : {}), message: fastifyError.message });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const field = fastifyError.code?.startsWith('FST_ERR_CTP') ? 'body' : undefined;
      return reply.status(fastifyError.statusCode).send({ error: fastifyError.code ?? 'bad_request', ...(field ? { field } : {}), message: fastifyError.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });

}
