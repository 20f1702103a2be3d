import { z } from 'zod';
import {
  assertPersonalDataSecret,
  loadConfig,
  personalDataSecretShape,
  sharedConfigSchema,
} from '@myworld/schemas/server';

export const projectionsConfigSchema = sharedConfigSchema.extend({
  ...personalDataSecretShape,
  /** Days an as-of snapshot schema (npm run replay -- --until) lives; expired ones are dropped by the workers and at the next replay or export. Default: 7. */
  SNAPSHOT_TTL_DAYS: z.coerce.number().min(0.001).max(365).default(7),
  /** Events read and applied per transaction. */
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
});
export type ProjectionsConfig = z.infer<typeof projectionsConfigSchema>;

export function loadProjectionsConfig(env: NodeJS.ProcessEnv = process.env): ProjectionsConfig {
  const config = loadConfig(projectionsConfigSchema, env);
  assertPersonalDataSecret(config);
  return config;
}
