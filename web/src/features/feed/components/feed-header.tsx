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
        <button type="button" className="icon-button" aria-label="Settings" data-testid="open-settings" onClick={onOpenSettings}>
          <SettingsIcon />
        </button>
      </div>
      <div className="segmented" role="tablist" aria-label="Feed">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`segmented__item ${tab === t.id ? 'is-active' : ''}`}
            data-testid={`feed-tab-${t.id}`}
            onClick={() => onTabChange(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
    </header>
  );
}
