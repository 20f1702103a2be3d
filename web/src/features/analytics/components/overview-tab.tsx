import { INDUSTRY_AVERAGE_ENGAGEMENT, type AnalyticsResponse } from '@myworld/schemas';
import { formatCount } from '../../../lib/format-count.ts';
import { formatPercent } from '../lib/analytics-format.ts';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { MetricCard } from './metric-card.tsx';
import { ViewsChart } from './views-chart.tsx';

/** Overview: the headline figures with their changes, the engagement rate beside the industry average, and views over time. */
export function OverviewTab({ analytics }: { analytics: AnalyticsResponse }) {
  const { overview } = analytics;
  const aboveAverage = overview.engagementRate >= INDUSTRY_AVERAGE_ENGAGEMENT;
  return (
    <div className="analytics-overview">
      <div className="analytics-metrics">
        <MetricCard
          label="Total Views"
          value={formatCount(overview.totalViews)}
          change={overview.viewsChange}
          testId="metric-views"
        />
        <MetricCard
          label="Total Likes"
          value={formatCount(overview.totalLikes)}
          change={overview.likesChange}
          testId="metric-likes"
        />
        <MetricCard
          label="Comments"
          value={formatCount(overview.totalComments)}
          change={overview.commentsChange}
          testId="metric-comments"
        />
        <MetricCard
          label="Followers"
          value={formatCount(overview.followerCount)}
          change={overview.followersChange}
          testId="metric-followers"
        />
        <MetricCard
          label="Engagement Rate"
          value={formatPercent(overview.engagementRate)}
          testId="metric-engagement"
          note={
            <span
              className={`analytics-metric__note ${aboveAverage ? 'is-above' : 'is-below'}`}
              data-testid="industry-average"
            >
              {ANALYTICS_TEXTS.industryAverage(formatPercent(INDUSTRY_AVERAGE_ENGAGEMENT))}
            </span>
          }
        />
      </div>
      <ViewsChart series={analytics.viewsOverTime} timeframe={analytics.timeframe} />
    </div>
  );
}
