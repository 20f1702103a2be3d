import { TabList } from '../../../components/ui/tab-list.tsx';
import type { FeedTab } from '@myworld/schemas';
import { LogoMark } from '../../../components/ui/logo-mark.tsx';
import { SettingsIcon } from '../../../components/ui/icons.tsx';

const TABS: { id: FeedTab; label: string }[] = [
  { id: 'following', label: 'Following' },
  { id: 'for-you', label: 'For You' },
];

interface FeedHeaderProps {
  tab: FeedTab;
  onTabChange: (tab: FeedTab) => void;
  onOpenSettings: () => void;
}

/** Home's top bar: mark, "Home" / "Your feed", the two feed tabs and the settings button. */
export function FeedHeader({ tab, onTabChange, onOpenSettings }: FeedHeaderProps) {
  return (
    <header className="feed-header">
      <div className="feed-header__bar">
        <LogoMark size={36} />
        <div className="feed-header__titles">
          <h1 className="feed-header__title">Home</h1>
          <p className="feed-header__subtitle">Your feed</p>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label="Settings"
          data-testid="open-settings"
          onClick={onOpenSettings}
        >
          <SettingsIcon />
        </button>
      </div>
      <TabList
        label="Feed"
        tabs={TABS}
        value={tab}
        onChange={onTabChange}
        className="segmented"
        tabClassName="segmented__item"
        testId={(id) => `feed-tab-${id}`}
      />
    </header>
  );
}
