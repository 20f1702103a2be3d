import { useProfile } from '../../../lib/profile-reads.ts';
import type { AnalyticsRequest } from '../api/get-analytics.ts';
import type { AnalyticsTabId } from '../lib/analytics-tabs.ts';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { AnalyticsReport } from './analytics-report.tsx';

interface ChosenCreatorReportProps {
  username: string;
  timeframe: AnalyticsRequest['timeframe'];
  asOf: string | null;
  tab: AnalyticsTabId;
}

/** An analyst's chosen creator: their username looked up, then their analytics. */
export function ChosenCreatorReport({ username, timeframe, asOf, tab }: ChosenCreatorReportProps) {
  // The profile page's read and cache entry: null when nobody has that username.
  const creator = useProfile(username);
  if (creator.isPending)
    return (
      <span
        className="spinner"
        role="progressbar"
        aria-label={ANALYTICS_TEXTS.loading}
        data-testid="analytics-loading"
      />
    );
  if (creator.isError || creator.data === null) {
    return (
      <p className="analytics-error" role="alert" data-testid="analytics-error">
        {creator.isError ? ANALYTICS_TEXTS.failed : ANALYTICS_TEXTS.notFound}
      </p>
    );
  }
  return (
    <>
      <p className="analytics-scope" data-testid="analytics-viewing">
        {ANALYTICS_TEXTS.viewing(creator.data.username)}
      </p>
      <AnalyticsReport request={{ userId: creator.data.id, timeframe, asOf }} tab={tab} />
    </>
  );
}
