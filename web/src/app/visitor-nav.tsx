import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { CompassIcon, HomeIcon, LiveIcon, SearchIcon } from '../components/ui/icons.tsx';
import { useSignInHref } from '../lib/use-sign-in-first.ts';
import { NavBrand } from './nav-brand.tsx';

const ITEMS: { href: string; label: string; icon: ReactNode; testId: string }[] = [
  { href: '/', label: 'Home', icon: <HomeIcon />, testId: 'visitor-nav-home' },
  { href: '/search', label: 'Search', icon: <SearchIcon />, testId: 'visitor-nav-search' },
  { href: '/discover', label: 'Discover', icon: <CompassIcon />, testId: 'visitor-nav-discover' },
  { href: '/live', label: 'Live', icon: <LiveIcon />, testId: 'visitor-nav-live' },
];

/** Where a visitor has the page to themselves: the landing page and the sign-in and sign-up forms. */
const WITHOUT_VISITOR_NAV = new Set(['/', '/login', '/register', '/forgot-password', '/reset-password-form']);

export const showsVisitorNav = (path: string): boolean => !WITHOUT_VISITOR_NAV.has(path);

/**
 * A visitor's way around the open pages (a shared post, a profile, search, discover, live): the
 * bottom bar (the left rail from 1024 px), with a call to join and a sign-in that comes back to this page.
 */
export function VisitorNav() {
  const [location] = useLocation();
  const signInHref = useSignInHref();
  const isActive = (href: string) => (href === '/' ? location === href : location.startsWith(href));
  return (
    <div className="visitor-nav" data-testid="visitor-nav">
      <div className="visitor-nav__cta">
        <span className="visitor-nav__pitch">Join MyWorld to like, comment and follow</span>
        <Link href="/register" className="btn btn--primary btn--small" data-testid="visitor-sign-up">
          Sign up
        </Link>
        <Link href={signInHref} className="btn btn--secondary btn--small" data-testid="visitor-sign-in">
          Log in
        </Link>
      </div>
      <nav className="bottom-nav bottom-nav--visitor" aria-label="Main navigation">
        <NavBrand />
        {ITEMS.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            className={`bottom-nav__item ${isActive(item.href) ? 'is-active' : ''}`}
            aria-current={isActive(item.href) ? 'page' : undefined}
            data-testid={item.testId}
          >
            <span className="bottom-nav__icon">{item.icon}</span>
            <span className="bottom-nav__label">{item.label}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
