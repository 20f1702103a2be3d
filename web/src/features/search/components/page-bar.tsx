import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BackIcon } from '../../../components/ui/icons.tsx';

interface PageBarProps {
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** A back link on the left. */
  back?: { href: string; label: string };
  /** What leads on, on the right. */
  children?: ReactNode;
}

/** The top of the search, discover and hashtag pages. */
export function PageBar({ title, subtitle, back, children }: PageBarProps) {
  return (
    <header className="page-bar">
      {back && (
        <Link href={back.href} className="icon-button" aria-label={back.label}>
          <BackIcon />
        </Link>
      )}
      <div className="page-bar__titles">
        <h1 className="page-bar__title">{title}</h1>
        {subtitle}
      </div>
      {children}
    </header>
  );
}
