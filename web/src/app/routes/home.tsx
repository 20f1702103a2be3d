import { useCallback, useState } from 'react';
import { useCurrentUser } from '../../lib/current-user.ts';
import { useLinkNotices } from '../../features/auth/hooks/use-link-notices.ts';
import { VerificationBanner } from '../../features/auth/components/verification-banner.tsx';
import { FeedHeader } from '../../features/feed/components/feed-header.tsx';
import { FeedEmptyState } from '../../features/feed/components/feed-empty-state.tsx';
import { DEFAULT_FEED_TAB, type FeedTab } from '../../features/feed/feed-tab.ts';
import { AccountSettingsModal } from '../../features/account-settings/components/account-settings-modal.tsx';

/**
 * "/" for signed-in users: header, verification banner, (stories strip), feed, and the Account
 * Settings modal. Composed here because features never import each other.
 */
export function HomeRoute() {
  useLinkNotices(); // a verification link is often opened while signed in
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<FeedTab>(DEFAULT_FEED_TAB);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  if (!user) return null;

  return (
    <div className="home">
      <FeedHeader tab={tab} onTabChange={setTab} onOpenSettings={() => setSettingsOpen(true)} />
      <VerificationBanner user={user} />
      {/* The stories strip goes here (stories issue). */}
      <FeedEmptyState key={tab} />
      {settingsOpen && <AccountSettingsModal user={user} onClose={closeSettings} />}
    </div>
  );
}
