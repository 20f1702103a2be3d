import { z } from 'zod';
import { PLATFORM_MESSAGES } from './messages.ts';

/** Half of a surrogate pair without its other half: no character at all, and no encoder keeps it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` is free of NUL characters (PostgreSQL cannot store them in text) and lone surrogates. */
export const isSafeText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Where a value sits: its key and its parent's place (paths are built only for the one reported). */
interface Place {
  readonly key: PropertyKey;
  readonly parent: Place | null;
}

const pathOf = (place: Place | null): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path of the first string in `value` (a value, or a key of an object, at any depth) that is
 * not safe text, or null when there is none. Walks without recursion and in time linear in the
 * input, so no nesting depth can overflow the stack or slow it down.
 */
export function findUnsafeText(value: unknown): PropertyKey[] | null {
  const pending: Array<{ value: unknown; place: Place | null }> = [{ value, place: null }];
  while (pending.length > 0) {
    const { value: current, place } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(place);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        pending.push({ value: current[i], place: { key: i, parent: place } });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (!isSafeText(key)) return pathOf({ key, parent: place });
        pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return null;
}

/**
 * `schema`, refusing first any input that holds a NUL or a lone surrogate in any string, at any
 * depth, keys included (a 400 naming that field, whatever the schema says of it). Every input
 * boundary parses with it: each HTTP route's params, query and body, multipart fields and socket
 * messages. PostgreSQL cannot store a NUL in text, and a lone surrogate is no character at all.
 */
export function withSafeText<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findUnsafeText(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: PLATFORM_MESSAGES.unsafeText, input: value });
    })
    .pipe(schema);
}
