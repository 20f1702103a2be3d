import { Link } from 'wouter';
import type { Role } from '@myworld/schemas';
import { MenuButton } from '../../../components/ui/menu-button.tsx';

/** The pages a user's roles open: analytics for every creator, the queue for moderators, roles for admins. */
export function profileTools(roles: readonly Role[]): { href: string; label: string; testId: string }[] {
  return [
    { href: '/analytics', label: 'Analytics', testId: 'tools-analytics' },
    { href: '/recommendations', label: 'Recommendations', testId: 'tools-recommendations' },
    ...(roles.includes('moderator')
      ? [{ href: '/content-moderation', label: 'Content Moderation', testId: 'tools-moderation' }]
      : []),
    ...(roles.includes('admin') ? [{ href: '/admin/roles', label: 'Staff Roles', testId: 'tools-roles' }] : []),
  ];
}

/** On the own profile's top bar: a menu of the creator's and (by role) staff pages. */
export function ProfileToolsMenu({ roles }: { roles: readonly Role[] }) {
  return (
    <MenuButton
      label="Creator tools"
      testId="profile-tools"
      items={(close) =>
        profileTools(roles).map((t) => (
          <Link
            key={t.href}
            href={t.href}
            role="menuitem"
            className="menu__item"
            data-testid={t.testId}
            onClick={close}
          >
            {t.label}
          </Link>
        ))
      }
    />
  );
}
