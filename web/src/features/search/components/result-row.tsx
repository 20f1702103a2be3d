import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { TextPostStyle } from '@myworld/schemas';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { TextPostTile } from '../../../components/ui/text-post-tile.tsx';

interface ResultRowProps {
  href: string;
  picture: ReactNode;
  title: string;
  meta: string;
  trending?: boolean;
  testId: string;
  /** The thing's id, for tests. */
  id?: string;
}

/** One row of a result list: a link with a picture, a title and a line about it. */
export function ResultRow({ href, picture, title, meta, trending = false, testId, id }: ResultRowProps) {
  return (
    <Link href={href} className="search-result" data-testid={testId} data-result-id={id}>
      {picture}
      <span className="search-result__text">
        <span className="search-result__title">{title}</span>
        <span className="search-result__meta">{meta}</span>
      </span>
      {trending && <span className="search-result__badge">Trending</span>}
    </Link>
  );
}

/** A person's picture in a row. */
export function UserPicture({ user }: { user: { username: string; profileImageUrl: string | null } }) {
  return <Avatar user={user} className="search-result__avatar" />;
}

/** The # square a hashtag's row shows. */
export function HashtagPicture() {
  return (
    <span className="search-result__thumb search-result__thumb--hashtag" aria-hidden="true">
      #
    </span>
  );
}

/** A video's or post's thumbnail (a gradient when it has none). */
export function ThumbnailPicture({ url }: { url: string | null }) {
  return (
    <span className="search-result__thumb" aria-hidden="true">
      {url && <img src={url} alt="" loading="lazy" />}
    </span>
  );
}

/** A text post as its coloured card (its photo when it has one), cut to the row's picture. */
export function TextPostPicture({
  text,
  style,
  imageUrl,
}: {
  text: string;
  style: TextPostStyle;
  imageUrl: string | null;
}) {
  return (
    <span className="search-result__thumb search-result__thumb--card" aria-hidden="true">
      <TextPostTile post={{ content: text, imageUrl, ...style }} />
    </span>
  );
}
