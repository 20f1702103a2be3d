import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isEventType } from '@myworld/schemas';

export interface ExportArguments {
  /** Events appended at or after this time… */
  from: Date;
  /** …and before this one (half-open, so consecutive windows never export an event twice). */
  to: Date;
  /** Only these event types; undefined for every type. */
  types?: readonly string[];
  /** File to write; undefined for stdout. */
  out?: string;
  /** The username of the analyst or admin exporting personal fields readable; undefined: they are redacted. */
  includePersonal?: string;
}

const isoTime = z.iso.datetime({ offset: true, message: 'give an ISO time such as 2026-11-01T00:00:00Z' });
const schema = z.object({
  from: isoTime,
  to: isoTime,
  types: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .pipe(
      z
        .array(z.string().refine(isEventType, { error: (issue) => `unknown event type "${String(issue.input)}"` }))
        .min(1, 'give one or more event types, separated by commas'),
    )
    .optional(),
  out: z.string().min(1, 'give a file name').optional(),
  'include-personal': z
    .string()
    .trim()
    .regex(/^[a-z0-9_.]{1,30}$/i, 'give the username of the analyst or admin who exports personal data')
    .optional(),
});

const EXPORT_USAGE =
  'usage: npm run export -- --from ISO-TIME --to ISO-TIME [--types TypeA,TypeB] [--out FILE] [--include-personal ANALYST-USERNAME]';

/** `--from ISO --to ISO [--types A,B] [--out FILE]`; an error names the flag and ends with the usage. */
export function parseExportArguments(argv: string[]): ExportArguments {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        types: { type: 'string' },
        out: { type: 'string' },
        'include-personal': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${EXPORT_USAGE}`);
  }
  if (values.from === undefined) throw new Error(`--from: required\n${EXPORT_USAGE}`);
  if (values.to === undefined) throw new Error(`--to: required\n${EXPORT_USAGE}`);
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`--${String(issue.path[0])}: ${issue.message}\n${EXPORT_USAGE}`);
  }
  const { from, to, types, out, 'include-personal': includePersonal } = parsed.data;
  if (new Date(from) >= new Date(to)) throw new Error(`--to: must be later than --from\n${EXPORT_USAGE}`);
  return {
    from: new Date(from),
    to: new Date(to),
    ...(types ? { types } : {}),
    ...(out ? { out } : {}),
    ...(includePersonal ? { includePersonal: includePersonal.toLowerCase() } : {}),
  };
}
