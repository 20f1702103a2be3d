import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { HomeIcon, LiveIcon, MessageIcon, PlusIcon, SearchIcon, UserIcon } from '../components/ui/icons.tsx';
import { useSlots } from '../lib/slots.tsx';
import { NavBrand } from './nav-brand.tsx';

const ITEMS: { href: string; label: string; icon: ReactNode; testId: string }[] = [
  { href: '/', label: 'Home', icon: <HomeIcon />, testId: 'nav-home' },
  { href: '/search', label: 'Search', icon: <SearchIcon />, testId: 'nav-search' },
  { href: '/create-post', label: 'Create', icon: <PlusIcon />, testId: 'nav-create' },
  { href: '/live', label: 'Live', icon: <LiveIcon />, testId: 'nav-live' },
  { href: '/messages', label: 'Messages', icon: <MessageIcon />, testId: 'nav-messages' },
  { href: '/profile', label: 'Profile', icon: <UserIcon />, testId: 'nav-profile' },
];

/**
 * The six items on every signed-in page (visitors get none): the bar at the bottom of a phone, the
 * rail down the left from 1024 px (global.css); one list, so both always offer the same places.
 */
export function BottomNav() {
  const [location] = useLocation();
  const { MessagesBadge } = useSlots();
  // Home and Profile are exact (someone else's /profile/{id} is not "your profile"); the rest own their sub-paths.
  const isActive = (href: string) =>
    href === '/' || href === '/profile' ? location === href : location === href || location.startsWith(`${href}/`);
  return (
    <nav className="bottom-nav" aria-label="Main navigation" data-testid="bottom-nav">
      <NavBrand />
      {ITEMS.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          className={`bottom-nav__item ${item.href === '/create-post' ? 'bottom-nav__item--create' : ''} ${isActive(item.href) ? 'is-active' : ''}`}
          aria-current={isActive(item.href) ? 'page' : undefined}
          data-testid={item.testId}
        >
          <span className="bottom-nav__icon">
            {item.icon}
            {item.href === '/messages' && <MessagesBadge />}
          </span>
          <span className="bottom-nav__label">{item.label}</span>
        </Link>
      ))}
    </nav>
  );
}
