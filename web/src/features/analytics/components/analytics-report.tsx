import { hasStatus } from '../../../lib/api-client.ts';
import { useAnalytics, type AnalyticsRequest } from '../api/get-analytics.ts';
import type { AnalyticsTabId } from '../lib/analytics-tabs.ts';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { AudienceTab } from './audience-tab.tsx';
import { InsightsTab } from './insights-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { TopContentTab } from './top-content-tab.tsx';

/** One creator's analytics for the chosen timeframe (and as-of time), shown as the chosen tab, with its loading and error states. */
export function AnalyticsReport({ request, tab }: { request: AnalyticsRequest; tab: AnalyticsTabId }) {
  const analytics = useAnalytics(request);
  if (analytics.isPending)
    return (
      <span
        className="spinner"
        role="progressbar"
        aria-label={ANALYTICS_TEXTS.loading}
        data-testid="analytics-loading"
      />
    );
  if (analytics.isError) {
    const text = hasStatus(analytics.error, 403)
      ? ANALYTICS_TEXTS.analystOnly
      : hasStatus(analytics.error, 404)
        ? ANALYTICS_TEXTS.notFound
        : ANALYTICS_TEXTS.failed;
    return (
      <p className="analytics-error" role="alert" data-testid="analytics-error">
        {text}
      </p>
    );
  }
  const data = analytics.data;
  return (
    // While another timeframe loads, the last figures stay, marked busy.
    <div className="analytics-report" aria-busy={analytics.isPlaceholderData} data-testid="analytics-report">
      {data.asOf && (
        <p className="analytics-scope" data-testid="analytics-as-of-note">
          As of {new Date(data.asOf).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
        </p>
      )}
      {tab === 'overview' && <OverviewTab analytics={data} />}
      {tab === 'top-content' && <TopContentTab items={data.topContent} />}
      {tab === 'audience' && <AudienceTab demographics={data.demographics} />}
      {tab === 'insights' && <InsightsTab recommendations={data.recommendations} />}
    </div>
  );
}
