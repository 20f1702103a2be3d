import { lazy, Suspense, useState } from 'react';
import { MODERATION_MESSAGES } from '@myworld/schemas';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { MODERATION_TEXTS } from '../lib/moderation-texts.ts';
import { ReportsTab } from './reports-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import './moderation.css';

const TABS = [
  { id: 'reports', label: MODERATION_TEXTS.tabs.reports },
  { id: 'analytics', label: MODERATION_TEXTS.tabs.analytics },
  { id: 'settings', label: MODERATION_TEXTS.tabs.settings },
] as const;
type TabId = (typeof TABS)[number]['id'];

// The charts library loads only when the Analytics tab is opened.
const AnalyticsTab = lazy(async () => ({ default: (await import('./analytics-tab.tsx')).AnalyticsTab }));
const loading = <span className="spinner" role="progressbar" aria-label="Loading" />;

/**
 * /content-moderation (signed in): three tabs, Reports, Analytics and Settings. The server
 * answers all of them to moderators only (settings are changed by admins); anyone else sees the
 * permission message.
 */
export function ModerationPage() {
  const [tab, setTab] = useState<TabId>('reports');
  return (
    <main className="moderation-page" data-testid="moderation-page">
      <h1 className="moderation-page__title">{MODERATION_MESSAGES.pageTitle}</h1>
      <TabList
        label="Moderation"
        tabs={TABS}
        value={tab}
        onChange={setTab}
        className="moderation-page__tabs"
        tabClassName="moderation-page__tab"
        testId={(id) => `moderation-tab-${id}`}
      />
      {tab === 'reports' ? (
        <ReportsTab />
      ) : tab === 'analytics' ? (
        <Suspense fallback={loading}>
          <AnalyticsTab />
        </Suspense>
      ) : (
        <SettingsTab />
      )}
    </main>
  );
}
