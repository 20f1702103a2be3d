import type { z } from 'zod';
import { DomainError } from '../commands/domain-error.ts';

/** Parses untrusted input; the first problem becomes a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.') || undefined;
  throw new DomainError('validation_failed', issue.message, 400, field);
}
