import type { ProjectionHandler, RunHandler, TypedRecordedEventOf } from '../../projection.ts';
import { ENGAGEMENT_TYPES, type EngagementType } from './engagement.handlers.ts';
import { engagementRuns } from './engagement.runs.ts';
import { peopleHandlers } from './people.handlers.ts';
import type { SearchDb } from './search.tables.ts';

/** People's events touch users and follow edges, never a post's counters: they commute with engagement. */
const PEOPLE_TYPES = [
  'UserRegistered',
  'ProfileCustomized',
  'PrivacySettingsChanged',
  'UserFollowed',
  'UserUnfollowed',
] as const;
type PeopleType = (typeof PEOPLE_TYPES)[number];
type RunEvent = TypedRecordedEventOf<EngagementType | PeopleType>;
const isEngagement = (e: RunEvent): e is TypedRecordedEventOf<EngagementType> =>
  (ENGAGEMENT_TYPES as readonly string[]).includes(e.type);

/**
 * Engagement runs (engagement.runs.ts) that people's events between them do not end, so that a
 * run spans most of a batch: those are applied by their own handlers, in order, and the
 * engagement then in one statement.
 */
export const engagementWithPeopleRuns: RunHandler<SearchDb, EngagementType | PeopleType> = {
  types: [...ENGAGEMENT_TYPES, ...PEOPLE_TYPES],
  async apply(ctx, events) {
    const own = peopleHandlers as Record<string, ProjectionHandler<SearchDb, RunEvent> | undefined>;
    for (const e of events) if (!isEngagement(e)) await own[e.type]!(ctx, e);
    const engagement = events.filter(isEngagement);
    if (engagement.length > 0) await engagementRuns.apply(ctx, engagement);
  },
};
