import { defineFeature } from '../../platform/feature.ts';
import { getTrending } from './routes/get-trending.ts';

/** What is trending now (hashtags, creators, content) and the discover banner's totals, from the trending read model. */
export const trending = defineFeature({
  name: 'trending',
  routes: [getTrending],
});
