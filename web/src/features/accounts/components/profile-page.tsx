import { lazy, Suspense, useCallback, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useProfileCounts, type ProfileCounts } from '../api/get-profile-counts.ts';
import { drawLook } from '../../../lib/profile-look.ts';
import { AccountSettingsModal } from './account-settings-modal.tsx';
import { ProfileCard } from './profile-card.tsx';
import { ProfilePosts } from './profile-posts.tsx';
import { ProfileTopBar } from './profile-top-bar.tsx';
import './profile.css';

// The modal carries the uploader (Uppy): it is downloaded when first opened, not with the page.
const CustomizeProfileModal = lazy(async () => ({
  default: (await import('./customize-profile-modal.tsx')).CustomizeProfileModal,
}));

/** What the counts read until the profile answers (or when it cannot). */
const NO_COUNTS: ProfileCounts = { postCount: 0, followerCount: 0, followingCount: 0 };

/**
 * /profile: the signed-in user's own page, drawn in their look (background image or gradient or
 * colour, text colour), with the Customize Profile and Account Settings dialogs.
 */
export function ProfilePage() {
  const { user } = useCurrentUser();
  const [dialog, setDialog] = useState<'customize' | 'settings' | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const counts = useProfileCounts(user?.id ?? '');
  if (!user) return null;

  const look = drawLook(user);
  const shown = counts.data ?? NO_COUNTS;
  return (
    <>
      <main className="profile-page" data-testid="profile-page" data-background={look.kind} style={look.style}>
        <div className="profile-page__column">
          <ProfileTopBar
            username={user.username}
            postCount={shown.postCount}
            roles={user.roles}
            onOpenSettings={() => setDialog('settings')}
          />
          <ProfileCard user={user} counts={shown} onCustomize={() => setDialog('customize')} />
          <ProfilePosts userId={user.id} postCount={counts.isPending ? null : shown.postCount} />
        </div>
      </main>
      {/* Outside the page, so the dialogs keep the app's colours rather than the profile's. */}
      {dialog === 'customize' && (
        <Suspense fallback={null}>
          <CustomizeProfileModal user={user} onClose={closeDialog} />
        </Suspense>
      )}
      {dialog === 'settings' && <AccountSettingsModal user={user} onClose={closeDialog} />}
    </>
  );
}
