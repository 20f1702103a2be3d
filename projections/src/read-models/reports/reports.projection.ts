import { sql } from 'kysely';
import type { ContentType, ReportReason, ReportStatus } from '@myworld/schemas';
import { defineProjection, type ProjectionHandler } from '../../projection.ts';

/**
 * The reports read model (the moderation queue): one row per report with its status, note and
 * times; the cards of users (from UserRegistered and ProfileCustomized) the queue shows as
 * reporters and authors; and a card per reportable item (text posts, videos, comments, stories,
 * users: title, description, author) so the queue shows what was reported. Streams and messages
 * have no card yet (a stream's title arrives with a later step; a message's text is private).
 */
export interface ReportsDb {
  reports: {
    id: string;
    reporter_id: string;
    content_type: ContentType;
    content_id: string;
    reason: ReportReason;
    description: string;
    status: ReportStatus;
    moderator_id: string | null;
    moderator_note: string | null;
    created_at: Date;
    updated_at: Date;
  };
  report_user_cards: { user_id: string; username: string; profile_image_url: string | null };
  /** What the queue shows of a reported item; kept when the item is deleted (moderators still need it). */
  content_cards: { content_type: ContentType; content_id: string; title: string | null; description: string | null; author_id: string };
}

type Db = Parameters<ProjectionHandler<ReportsDb>>[0]['db'];

async function contentCard(db: Db, card: ReportsDb['content_cards']): Promise<void> {
  await db.insertInto('content_cards').values(card).onConflict((oc) => oc.columns(['content_type', 'content_id']).doNothing()).execute();
}

export const reportsProjection = defineProjection<ReportsDb>({
  name: 'reports',
  version: 1,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'reports')} (
        id text primary key,
        reporter_id text not null,
        content_type text not null,
        content_id text not null,
        reason text not null,
        description text not null,
        status text not null,
        moderator_id text,
        moderator_note text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index on ${sql.id(schema, 'reports')} (created_at desc, id desc);
      create index on ${sql.id(schema, 'reports')} (status, created_at desc, id desc);
      create index on ${sql.id(schema, 'reports')} (content_type, content_id);
      create table ${sql.id(schema, 'report_user_cards')} (
        user_id text primary key,
        username text not null,
        profile_image_url text
      );
      create table ${sql.id(schema, 'content_cards')} (
        content_type text not null,
        content_id text not null,
        title text,
        description text,
        author_id text not null,
        primary key (content_type, content_id)
      );
    `.execute(db);
  },
  handlers: {
    ReportFiled: async ({ db }, { data: d }) => {
      const at = new Date(d.filedAt);
      await db
        .insertInto('reports')
        .values({ id: d.reportId, reporter_id: d.reporterId, content_type: d.contentType, content_id: d.contentId, reason: d.reportReason, description: d.description, status: 'pending', moderator_id: null, moderator_note: null, created_at: at, updated_at: at })
        .execute();
    },
    ReportReviewStarted: async ({ db }, { data: d }) => {
      await db.updateTable('reports').set({ status: 'reviewing', moderator_id: d.moderatorId, updated_at: new Date(d.startedAt) }).where('id', '=', d.reportId).execute();
    },
    ReportResolved: async ({ db }, { data: d }) => {
      await db.updateTable('reports').set({ status: 'resolved', moderator_id: d.moderatorId, moderator_note: d.note, updated_at: new Date(d.resolvedAt) }).where('id', '=', d.reportId).execute();
    },
    ReportDismissed: async ({ db }, { data: d }) => {
      await db.updateTable('reports').set({ status: 'dismissed', moderator_id: d.moderatorId, moderator_note: d.note, updated_at: new Date(d.dismissedAt) }).where('id', '=', d.reportId).execute();
    },
    UserRegistered: async ({ db }, { data: d }) => {
      await db.insertInto('report_user_cards').values({ user_id: d.userId, username: d.username, profile_image_url: null }).execute();
      await contentCard(db, { content_type: 'user', content_id: d.userId, title: d.username, description: null, author_id: d.userId });
    },
    ProfileCustomized: async ({ db }, { data: d }) => {
      await db.updateTable('report_user_cards').set({ profile_image_url: d.profileImageUrl }).where('user_id', '=', d.userId).execute();
    },
    TextPostCreated: async ({ db }, { data: d }) => contentCard(db, { content_type: 'text_post', content_id: d.postId, title: null, description: d.content, author_id: d.authorId }),
    VideoPostSubmitted: async ({ db }, { data: d }) => contentCard(db, { content_type: 'video', content_id: d.postId, title: null, description: d.description, author_id: d.authorId }),
    CommentAdded: async ({ db }, { data: d }) => contentCard(db, { content_type: 'comment', content_id: d.commentId, title: null, description: d.content, author_id: d.authorId }),
    StoryCreated: async ({ db }, { data: d }) => contentCard(db, { content_type: 'story', content_id: d.storyId, title: null, description: d.content, author_id: d.authorId }),
  },
});
