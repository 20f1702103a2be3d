import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { extractHashtags, normalizeHashtag } from '@myworld/schemas';

/** Anything that looks like a tag; the server's own rule (extractHashtags) decides which are. */
const TAG_CANDIDATE = /#([\p{L}\p{N}_]{1,50})/gu;

/** Whether the `#tag` at `start` is a hashtag by the server's rule, which looks one character either side. */
function isHashtagAt(text: string, start: number, length: number, tag: string): boolean {
  return extractHashtags(text.slice(Math.max(0, start - 1), start + length + 1)).includes(tag);
}

/** A post's text with its hashtags linked to their pages (/hashtag/{tag}). */
export function HashtagText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG_CANDIDATE)) {
    const tag = normalizeHashtag(match[1]!);
    if (!isHashtagAt(text, match.index, match[0].length, tag)) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <Link
        key={match.index}
        href={`/hashtag/${encodeURIComponent(tag)}`}
        className="hashtag-link"
        data-testid="hashtag-link"
      >
        {match[0]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  if (last === 0) return <>{text}</>;
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
