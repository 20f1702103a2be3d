import { ANALYTICS_MESSAGES, INDUSTRY_AVERAGE_ENGAGEMENT, type AnalyticsRecommendation } from '@myworld/schemas';
import type { CreatorHour } from '@myworld/projections';
import type { Totals } from './analytics-report.ts';

export interface RecommendationInputs {
  readonly totals: Totals;
  readonly engagementRate: number;
  /** The window's hours with activity (their UTC hour of day says when viewers watch). */
  readonly hours: readonly CreatorHour[];
  /** The window's activity per video category. */
  readonly categories: ReadonlyArray<{ category: string; posts: number; views: number }>;
}

const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;

/**
 * Insights from the window's figures: engagement against the industry average, the hour of day
 * viewers watch most, and the video category with the most views per video. With no activity at
 * all there is only the one to start posting.
 */
export function recommendationsFor({
  totals,
  engagementRate,
  hours,
  categories,
}: RecommendationInputs): AnalyticsRecommendation[] {
  if (totals.views + totals.likes + totals.comments === 0)
    return [{ ...ANALYTICS_MESSAGES.noActivity, impact: 'high', actionable: true }];
  const recommendations: AnalyticsRecommendation[] = [
    engagementRate < INDUSTRY_AVERAGE_ENGAGEMENT
      ? { ...ANALYTICS_MESSAGES.engagementBelowAverage(engagementRate), impact: 'high', actionable: true }
      : { ...ANALYTICS_MESSAGES.engagementAboveAverage(engagementRate), impact: 'low', actionable: false },
  ];

  const viewsByHourOfDay = new Array<number>(24).fill(0);
  for (const h of hours) viewsByHourOfDay[h.hour.getUTCHours()]! += h.views;
  const busiest = viewsByHourOfDay.reduce((best, views, hour) => (views > viewsByHourOfDay[best]! ? hour : best), 0);
  if (totals.views > 0 && viewsByHourOfDay[busiest]! > 0) {
    const share = Math.round((viewsByHourOfDay[busiest]! / totals.views) * 1000) / 10;
    recommendations.push({
      ...ANALYTICS_MESSAGES.bestPostingHour(clock(busiest), clock(busiest + 1), share),
      impact: 'medium',
      actionable: true,
    });
  }

  const ranked = categories
    .filter((c) => c.category !== 'none' && c.posts > 0 && c.views > 0)
    .map((c) => ({ category: c.category, averageViews: Math.round((c.views / c.posts) * 10) / 10 }))
    .sort((a, b) => b.averageViews - a.averageViews || a.category.localeCompare(b.category));
  const best = ranked[0];
  if (best)
    recommendations.push({
      ...ANALYTICS_MESSAGES.bestCategory(best.category, best.averageViews),
      impact: 'medium',
      actionable: true,
    });
  return recommendations;
}
