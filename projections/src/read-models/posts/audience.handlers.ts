import type { ProjectionContext, ProjectionHandlers, TypedRecordedEventOf } from '../../projection.ts';
import type { PostsDb } from './posts.tables.ts';

type AuthorType = 'UserRegistered' | 'ProfileCustomized' | 'PrivacySettingsChanged';
export type AuthorEvent = TypedRecordedEventOf<AuthorType>;

/**
 * Who is behind each post: what an item shows of its author, and whether they hide engagement.
 * Registrations, pictures and privacy come in runs (engagement.runs.ts): a chunk of registrations
 * is one insert (a user registered twice fails it, as the second insert alone would).
 */
export async function applyAuthors(ctx: ProjectionContext<PostsDb>, events: readonly AuthorEvent[]): Promise<void> {
  const registered = events.flatMap((e) => (e.type === 'UserRegistered' ? [e.data] : []));
  if (registered.length === events.length) {
    await ctx.db
      .insertInto('authors')
      .values(
        registered.map((d) => ({
          user_id: d.userId,
          username: d.username,
          first_name: d.firstName,
          email: d.email,
          profile_image_url: null,
          hide_engagement: false,
        })),
      )
      .execute();
    return;
  }
  for (const e of events) await authorSteps[e.type](ctx, e as never);
}

const authorSteps: {
  [T in AuthorType]: (ctx: ProjectionContext<PostsDb>, event: TypedRecordedEventOf<T>) => Promise<void>;
} = {
  UserRegistered: (ctx, e) => applyAuthors(ctx, [e]),
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db
      .updateTable('authors')
      .set({ profile_image_url: d.profileImageUrl })
      .where('user_id', '=', d.userId)
      .execute();
  },
  PrivacySettingsChanged: async ({ db }, { data: d }) => {
    await db
      .updateTable('authors')
      .set({ hide_engagement: d.hideEngagement })
      .where('user_id', '=', d.userId)
      .execute();
  },
};

/** An author's email changed (a post shows it to its author only). */
export const audienceHandlers: ProjectionHandlers<PostsDb> = {
  EmailChanged: async ({ db }, { data: d }) => {
    await db.updateTable('authors').set({ email: d.email }).where('user_id', '=', d.userId).execute();
  },
};
