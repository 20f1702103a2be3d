import { INDUSTRY_AVERAGE_ENGAGEMENT } from './rules.ts';

/** Every user-facing text of analytics, each defined once (the recommendations are built from the data). */
export const ANALYTICS_MESSAGES = {
  userNotFound: 'User not found',
  noActivity: {
    title: 'Start building your audience',
    description: 'No views, likes or comments in this period yet. Post regularly to get your first insights.',
  },
  engagementBelowAverage: (rate: number) => ({
    title: 'Boost your engagement',
    description: `Your engagement rate of ${rate}% is below the industry average of ${INDUSTRY_AVERAGE_ENGAGEMENT}%. Ask questions and reply to comments to invite more likes and comments.`,
  }),
  engagementAboveAverage: (rate: number) => ({
    title: 'Engagement above industry average',
    description: `Your engagement rate of ${rate}% is at or above the industry average of ${INDUSTRY_AVERAGE_ENGAGEMENT}%. Keep doing what works.`,
  }),
  bestPostingHour: (fromHour: string, toHour: string, percentage: number) => ({
    title: 'Post when your audience is active',
    description: `Your viewers watch most between ${fromHour} and ${toHour} UTC (${percentage}% of views). Publish shortly before then.`,
  }),
  bestCategory: (category: string, averageViews: number) => ({
    title: `Make more ${category} videos`,
    description: `Your ${category} videos average ${averageViews} views each in this period, more than any other category.`,
  }),
} as const;
