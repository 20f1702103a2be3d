import { useLocation } from 'wouter';
import type { Role } from '@myworld/schemas';
import { SettingsIcon } from '../../../components/ui/icons.tsx';
import { ProfileToolsMenu } from './profile-tools-menu.tsx';

interface ProfileTopBarProps {
  username: string;
  postCount: number;
  roles: readonly Role[];
  onOpenSettings: () => void;
}

/** Back to home, whose profile this is and how many posts it has, the tools menu and the settings button. */
export function ProfileTopBar({ username, postCount, roles, onOpenSettings }: ProfileTopBarProps) {
  const [, navigate] = useLocation();
  return (
    <header className="profile-top-bar">
      <button
        type="button"
        className="icon-button"
        aria-label="Back"
        data-testid="profile-back"
        onClick={() => navigate('/')}
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="m15 18-6-6 6-6" />
        </svg>
      </button>
      <div className="profile-top-bar__titles">
        <h1 className="profile-top-bar__title">{username}</h1>
        <p className="profile-top-bar__count" data-testid="profile-top-post-count">
          {postCount} {postCount === 1 ? 'post' : 'posts'}
        </p>
      </div>
      <ProfileToolsMenu roles={roles} />
      <button
        type="button"
        className="icon-button"
        aria-label="Settings"
        data-testid="profile-settings"
        onClick={onOpenSettings}
      >
        <SettingsIcon />
      </button>
    </header>
  );
}
