import { useCallback, useState } from 'react';
import { DEFAULT_FEED_TAB, type FeedTab } from '@myworld/schemas';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSlots } from '../../../lib/slots.tsx';
import { FeedEmptyState } from './feed-empty-state.tsx';
import { FeedHeader } from './feed-header.tsx';
import { FeedList } from './feed-list.tsx';
import './feed.css';
import './home-layout.css';

/**
 * "/" for signed-in users: header, the account's notices, the stories strip, feed, and the Account
 * Settings dialog; on wide screens, the sidebar beside the column. What belongs to other features
 * comes through the app's slots. On a phone the feed fills the screen under the header; from
 * 1024 px it is a centred column with the sidebar on its right (home-layout.css).
 */
export function HomePage() {
  const { user } = useCurrentUser();
  const { EmailLinkNotices, AccountNotices, AccountSettings, StoriesStrip, HomeSidebar } = useSlots();
  const [tab, setTab] = useState<FeedTab>(DEFAULT_FEED_TAB);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  if (!user) return null;

  return (
    <div className="home home--feed">
      <EmailLinkNotices />
      <FeedHeader tab={tab} onTabChange={setTab} onOpenSettings={() => setSettingsOpen(true)} />
      <div className="home__feed">
        {/* Keyed by tab: each tab starts at its top with its own list. The notices and stories
            lead the list, so they scroll away with it. */}
        <FeedList
          key={tab}
          source={{ kind: 'feed', tab }}
          label="Feed"
          empty={<FeedEmptyState />}
          lead={
            <>
              <AccountNotices user={user} />
              <StoriesStrip />
            </>
          }
        />
      </div>
      <HomeSidebar />
      {settingsOpen && <AccountSettings user={user} onClose={closeSettings} />}
    </div>
  );
}
