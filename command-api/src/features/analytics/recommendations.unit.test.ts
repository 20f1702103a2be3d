import { describe, expect, it } from 'vitest';
import type { CreatorHour } from '@myworld/projections';
import { recommendationsFor } from './recommendations.ts';

const hourAt = (iso: string, views: number): CreatorHour => ({
  hour: new Date(iso),
  views,
  likes: 0,
  comments: 0,
  newFollowers: 0,
  unfollows: 0,
});

describe('recommendations from the window', () => {
  it('with no activity there is only the one to start posting', () => {
    expect(
      recommendationsFor({ totals: { views: 0, likes: 0, comments: 0 }, engagementRate: 0, hours: [], categories: [] }),
    ).toEqual([
      { title: 'Start building your audience', description: expect.any(String), impact: 'high', actionable: true },
    ]);
  });

  it('below the 3.2% industry average: a high-impact engagement tip; the busiest hour of day and the best category by views per video', () => {
    const hours = [
      hourAt('2026-03-09T18:00:00Z', 30),
      hourAt('2026-03-10T18:00:00Z', 30),
      hourAt('2026-03-10T09:00:00Z', 40),
    ];
    const recommendations = recommendationsFor({
      totals: { views: 100, likes: 2, comments: 1 },
      engagementRate: 2.9,
      hours,
      categories: [
        { category: 'music', posts: 4, views: 40 },
        { category: 'comedy', posts: 1, views: 30 },
        { category: 'none', posts: 1, views: 99 },
      ],
    });
    expect(recommendations).toEqual([
      {
        title: 'Boost your engagement',
        description: expect.stringContaining('2.9% is below the industry average of 3.2%'),
        impact: 'high',
        actionable: true,
      },
      {
        title: 'Post when your audience is active',
        description: expect.stringContaining('between 18:00 and 19:00 UTC (60% of views)'),
        impact: 'medium',
        actionable: true,
      },
      {
        title: 'Make more comedy videos',
        description: expect.stringContaining('average 30 views'),
        impact: 'medium',
        actionable: true,
      },
    ]);
  });

  it('at or above the average: a low-impact note, nothing to act on', () => {
    const [first] = recommendationsFor({
      totals: { views: 10, likes: 1, comments: 0 },
      engagementRate: 3.2,
      hours: [],
      categories: [],
    });
    expect(first).toMatchObject({ title: 'Engagement above industry average', impact: 'low', actionable: false });
  });
});
