import { useState } from 'react';
import { DEFAULT_ANALYTICS_TIMEFRAME, type AnalyticsTimeframe } from '@myworld/schemas';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { ANALYTICS_TABS, type AnalyticsTabId } from '../lib/analytics-tabs.ts';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { AnalyticsReport } from './analytics-report.tsx';
import { ChosenCreatorReport } from './chosen-creator-report.tsx';
import { CreatorPicker, type CreatorChoice } from './creator-picker.tsx';
import { TimeframeSelect } from './timeframe-select.tsx';
import './analytics.css';

/**
 * /analytics (signed in): the current user's analytics in four tabs (Overview, Top Content, Audience, AI Insights), for a timeframe
 * (default 7d). Analysts can also pick another creator by username and an as-of time for history;
 * the server decides who may see what (owner or analyst).
 */
export function AnalyticsPage() {
  const { user } = useCurrentUser();
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>(DEFAULT_ANALYTICS_TIMEFRAME);
  const [tab, setTab] = useState<AnalyticsTabId>('overview');
  const [choice, setChoice] = useState<CreatorChoice>({ username: null, asOf: null });
  if (!user) return null;
  const tabLabel = ANALYTICS_TABS.find((t) => t.id === tab)!.label;
  return (
    <main className="analytics-page" data-testid="analytics-page">
      <header className="analytics-page__bar">
        <h1 className="analytics-page__title">{ANALYTICS_TEXTS.pageTitle}</h1>
        <TimeframeSelect value={timeframe} onChange={setTimeframe} />
      </header>
      {user.roles.includes('analyst') && <CreatorPicker onShow={setChoice} />}
      <TabList
        label="Analytics sections"
        tabs={ANALYTICS_TABS}
        value={tab}
        onChange={setTab}
        className="chips analytics-tabs"
        tabClassName="chip"
        testId={(id) => `analytics-tab-${id}`}
      />
      <section className="analytics-panel" role="tabpanel" aria-label={tabLabel} data-testid={`analytics-panel-${tab}`}>
        {choice.username === null ? (
          <AnalyticsReport request={{ userId: user.id, timeframe, asOf: choice.asOf }} tab={tab} />
        ) : (
          <ChosenCreatorReport username={choice.username} timeframe={timeframe} asOf={choice.asOf} tab={tab} />
        )}
      </section>
    </main>
  );
}
