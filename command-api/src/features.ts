import type { AnyFeature } from './platform/feature.ts';
import { accounts } from './features/accounts/index.ts';
import { analytics } from './features/analytics/index.ts';
import { engagement } from './features/engagement/index.ts';
import { feed } from './features/feed/index.ts';
import { follows } from './features/follows/index.ts';
import { gifts } from './features/gifts/index.ts';
import { liveStreams } from './features/live-streams/index.ts';
import { media } from './features/media/index.ts';
import { messages } from './features/messages/index.ts';
import { moderation } from './features/moderation/index.ts';
import { posts } from './features/posts/index.ts';
import { profiles } from './features/profiles/index.ts';
import { recommendations } from './features/recommendations/index.ts';
import { roles } from './features/roles/index.ts';
import { search } from './features/search/index.ts';
import { stories } from './features/stories/index.ts';
import { trending } from './features/trending/index.ts';

/** Every product feature the API serves, one line each (a new feature adds its line here). */
export const features: readonly AnyFeature[] = [
  accounts,
  liveStreams,
  media,
  follows,
  posts,
  engagement,
  feed,
  profiles,
  stories,
  messages,
  recommendations,
  search,
  trending,
  gifts,
  moderation,
  roles,
  analytics,
];
