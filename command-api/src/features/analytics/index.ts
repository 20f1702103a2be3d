import { defineFeature } from '../../platform/feature.ts';
import { getAnalytics } from './routes/get-analytics.ts';
import { listAnalyticsAccess } from './routes/list-analytics-access.ts';

/** Creator analytics: a creator's figures for the owner or an analyst (the `analytics` read model), and the audit of analysts' reads. */
export const analytics = defineFeature({
  name: 'analytics',
  routes: [listAnalyticsAccess, getAnalytics],
});
