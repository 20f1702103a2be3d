import type { RunHandler, TypedRecordedEventOf } from '../../projection.ts';
import { PUBLICATION_TYPES, isPublication, publishRun } from '../../read-model-parts/post-publication.ts';
import { published } from './content.handlers.ts';
import { ENGAGEMENT_TYPES } from '../../read-model-parts/engagement-types.ts';
import { applyEngagement, isEngagement } from './engagement.runs.ts';
import { PEOPLE_TYPES, applyPeople, isPeople } from './people.runs.ts';
import type { SearchDb } from './search.tables.ts';

const RUN_TYPES = [...PUBLICATION_TYPES, ...ENGAGEMENT_TYPES, ...PEOPLE_TYPES] as const;
type RunEvent = TypedRecordedEventOf<(typeof RUN_TYPES)[number]>;

/**
 * Publications, engagement and people's events: the search read model's frequent events, and its
 * only implementation of them (a single event is a run of one). The three touch different things
 * (a post's publication reads a user's moderation flags, which people's events leave as they
 * are), so each part of the run is applied at once: people's events (people.runs.ts), then the
 * publications (publishRun), then the engagement in one statement, less what came before its
 * post was published in this run (one event at a time, it found no post).
 */
export const searchRuns: RunHandler<SearchDb, (typeof RUN_TYPES)[number]> = {
  types: RUN_TYPES,
  async apply(ctx, events: readonly RunEvent[]) {
    await applyPeople(ctx, events.filter(isPeople));
    const entered = await publishRun(
      ctx,
      published,
      events.flatMap((e, i) => (isPublication(e) ? [[i, e] as const] : [])),
    );
    await applyEngagement(
      ctx,
      events.filter((e, i): e is typeof e & { type: (typeof ENGAGEMENT_TYPES)[number] } => {
        if (!isEngagement(e)) return false;
        const publishedAt = entered.get(e.data.postId);
        return publishedAt === undefined || publishedAt < i;
      }),
    );
  },
};
