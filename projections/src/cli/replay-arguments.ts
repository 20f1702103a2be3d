import { parseArgs } from 'node:util';
import { z } from 'zod';
import { positionText, type Position } from '@myworld/schemas';

export interface ReplayArguments {
  projection: string; // a name or "all"
  until?: { time?: Date; position?: Position };
}

const schema = z.object({
  projection: z.string().regex(/^(all|[a-z][a-z0-9_]*)$/, 'give a projection name or "all"'),
  until: z.iso.datetime({ offset: true }).optional(),
  'until-position': z
    .union([
      positionText,
      z
        .string()
        .regex(/^\d+$/)
        .transform((n): Position => ({ commit: BigInt(n), prepare: BigInt(n) })),
    ])
    .optional(),
});

export const REPLAY_USAGE =
  'usage: npm run replay -- --projection NAME|all [--until ISO-TIME | --until-position COMMIT/PREPARE]';

/** `--projection NAME|all [--until ISO-TIME | --until-position N]` */
export function parseReplayArguments(argv: string[]): ReplayArguments {
  const { values } = parseArgs({
    args: argv,
    options: { projection: { type: 'string' }, until: { type: 'string' }, 'until-position': { type: 'string' } },
    strict: true,
  });
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`--${issue.path.join('.') || 'projection'}: ${issue.message}\n${REPLAY_USAGE}`);
  }
  const { projection, until, 'until-position': untilPosition } = parsed.data;
  if (until && untilPosition) throw new Error(`give --until or --until-position, not both\n${REPLAY_USAGE}`);
  return {
    projection,
    ...(until ? { until: { time: new Date(until) } } : {}),
    ...(untilPosition ? { until: { position: untilPosition } } : {}),
  };
}
