import type { Projection } from './projection.ts';
import { conversationsProjection } from './read-models/conversations/conversations.projection.ts';
import { followsProjection } from './read-models/follows/follows.projection.ts';
import { giftsProjection } from './read-models/gifts/gifts.projection.ts';
import { liveStreamsProjection } from './read-models/live-streams/live-streams.projection.ts';
import { mediaProjection } from './read-models/media/media.projection.ts';
import { postsProjection } from './read-models/posts/posts.projection.ts';
import { analyticsProjection } from './read-models/analytics/analytics.projection.ts';
import { reportsProjection } from './read-models/reports/reports.projection.ts';
import { recommendationsProjection } from './read-models/recommendations/recommendations.projection.ts';
import { rolesProjection } from './read-models/roles/roles.projection.ts';
import { searchProjection } from './read-models/search/search.projection.ts';
import { storiesProjection } from './read-models/stories/stories.projection.ts';
import { timelinesProjection } from './read-models/timelines/timelines.projection.ts';
import { trendingProjection } from './read-models/trending/trending.projection.ts';
import { usersProjection } from './read-models/users/users.projection.ts';

/** Every read model the product serves; the runner keeps each one's active generation current. */
export const allProjections: readonly Projection[] = [
  timelinesProjection,
  liveStreamsProjection,
  usersProjection,
  mediaProjection,
  followsProjection,
  postsProjection,
  storiesProjection,
  conversationsProjection,
  recommendationsProjection,
  trendingProjection,
  searchProjection,
  giftsProjection,
  rolesProjection,
  reportsProjection,
  analyticsProjection,
];
