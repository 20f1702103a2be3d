import type { FastifyInstance } from 'fastify';
import type { ApiServices } from './services.ts';

/** Each product feature registers its routes here: one line per feature. */
export async function registerFeatures(_app: FastifyInstance, _services: ApiServices): Promise<void> {}
