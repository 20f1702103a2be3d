import { normalizeHashtag } from '@myworld/schemas';

/** At most this many words of a query are searched (a pasted paragraph costs no more than a sentence). */
const MAX_TERMS = 8;

/**
 * The tsquery text for a search box query: every word required, the last one as a prefix (it is
 * the one being typed: "sun" finds "sunset"; earlier words are whole, which keeps the index work
 * small). Only letters and digits reach to_tsquery, so no input is a syntax error. Null when
 * nothing searchable is left.
 */
export function postQueryText(q: string): string | null {
  const words = (q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** The hashtag a query names: "#Sunset", "sunset" and "sun set" all look for `sunset`. Null when no tag characters are left. */
export function hashtagTerm(q: string): string | null {
  const tag = normalizeHashtag(q.replace(/[^\p{L}\p{N}_]/gu, '')).slice(0, 50);
  return tag === '' ? null : tag;
}

/** A LIKE pattern matching what starts with `text` (its own % _ and \ taken literally). */
export const startsWith = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;
