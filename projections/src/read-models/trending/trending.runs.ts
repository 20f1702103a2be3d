import type { RunHandler, TypedRecordedEventOf } from '../../projection.ts';
import { PUBLICATION_TYPES, isPublication, publishRun } from '../../read-model-parts/post-publication.ts';
import { chunksByKind } from '../../read-model-parts/run-chunks.ts';
import { published } from './content.handlers.ts';
import { applyFollows, customizeCreators, registerCreators } from './creators.runs.ts';
import { CREDIT_TYPES, creditEngagement, isCredit } from './engagement.runs.ts';
import type { TrendingDb } from './trending.tables.ts';

const PEOPLE_TYPES = ['UserRegistered', 'ProfileCustomized', 'UserFollowed', 'UserUnfollowed'] as const;
const RUN_TYPES = [...PUBLICATION_TYPES, ...CREDIT_TYPES, ...PEOPLE_TYPES];
type RunType = (typeof RUN_TYPES)[number];
type RunEvent = TypedRecordedEventOf<RunType>;

/** Publications and engagement share a chunk (see trendingRuns); people's events are chunked by kind. */
const kindOf = (e: RunEvent) =>
  isPublication(e) || isCredit(e) ? 'content' : e.type === 'UserUnfollowed' ? 'UserFollowed' : e.type;

/**
 * Publications, the engagement that adds, registrations, pictures and follows: the trending read
 * model's frequent events, and its only implementation of them (a single event is a run of one).
 * Creators' keys take engagement and follows in the log's order, so the run is applied in chunks
 * of one kind, in order, each at once. In a chunk of publications and engagement (which touch
 * different columns), the publications go first (publishRun), then the engagement in one
 * statement, less what came before its post was published in this run (it found no post then).
 */
export const trendingRuns: RunHandler<TrendingDb, RunType> = {
  types: RUN_TYPES,
  async apply(ctx, events: readonly RunEvent[]) {
    for (const chunk of chunksByKind(events, kindOf)) {
      const kind = kindOf(chunk[0]!);
      if (kind === 'content') {
        const entered = await publishRun(
          ctx,
          published,
          chunk.flatMap((e, i) => (isPublication(e) ? [[i, e] as const] : [])),
        );
        await creditEngagement(
          ctx,
          chunk.flatMap((e, i) => {
            if (!isCredit(e)) return [];
            const publishedAt = entered.get(e.data.postId);
            return publishedAt === undefined || publishedAt < i ? [e] : [];
          }),
        );
      } else if (kind === 'UserRegistered')
        await registerCreators(ctx, chunk as TypedRecordedEventOf<'UserRegistered'>[]);
      else if (kind === 'ProfileCustomized')
        await customizeCreators(ctx, chunk as TypedRecordedEventOf<'ProfileCustomized'>[]);
      else await applyFollows(ctx, chunk as TypedRecordedEventOf<'UserFollowed' | 'UserUnfollowed'>[]);
    }
  },
};
