import { sql, type Generated, type Kysely } from 'kysely';

/**
 * The recommendations read model: each user's interest profile, built from their interactions at
 * the events' own times (a replay gives the same rows). Candidates and their per-viewer facts
 * (follows, likes, seen) come from the posts read model; this one says what a user cares about.
 */
export interface RecommendationsDb {
  /**
   * The category of every video post (none left out: it says nothing about taste); deleted posts
   * leave. A suspended author's stay `suspended` (engagement with them counts for nothing) until reinstated.
   */
  post_categories: { post_id: string; author_id: string; category: string; suspended: Generated<boolean> };
  /**
   * How much a user cares for a category: views, likes, comments and shares of its videos,
   * weighted by effort and decayed with a half-life to `scored_at` (the latest such event's time).
   */
  category_interest: { user_id: string; category: string; score: number; scored_at: Date };
  /** How many interactions (views, likes, comments, shares, posts) a user made in each UTC hour of the day. */
  active_hours: { user_id: string; hour: number; interactions: number };
  /** How a user takes part: their counts of each kind of interaction. */
  interaction_mix: { user_id: string; views: number; likes: number; comments: number; shares: number; posts: number };
}

export async function createRecommendationsTables(db: Kysely<RecommendationsDb>, schema: string): Promise<void> {
  const t = (name: keyof RecommendationsDb) => sql.id(schema, name);
  await sql`
    create table ${t('post_categories')} (
      post_id text primary key,
      author_id text not null,
      category text not null,
      suspended boolean not null default false
    );
    create index on ${t('post_categories')} (author_id);
    create table ${t('category_interest')} (
      user_id text not null,
      category text not null,
      score double precision not null,
      scored_at timestamptz not null,
      primary key (user_id, category)
    );
    create table ${t('active_hours')} (
      user_id text not null,
      hour smallint not null,
      interactions integer not null,
      primary key (user_id, hour)
    );
    create table ${t('interaction_mix')} (
      user_id text primary key,
      views integer not null default 0,
      likes integer not null default 0,
      comments integer not null default 0,
      shares integer not null default 0,
      posts integer not null default 0
    );
  `.execute(db);
}
