import { z } from 'zod';
import { loadConfig, sharedConfigSchema } from '@myworld/schemas/server';

export const projectionsConfigSchema = sharedConfigSchema.extend({
  /** Events read and applied per transaction. */
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
});
export type ProjectionsConfig = z.infer<typeof projectionsConfigSchema>;

export const loadProjectionsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(projectionsConfigSchema, env);
