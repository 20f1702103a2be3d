import { sql } from 'kysely';
import {
  ACCOUNTS_STREAMS,
  commentStreamName,
  conversationStreamName,
  liveStreamStreamName,
  postStreamName,
  storyStreamName,
  type ContentType,
  type ContentVisibility,
  type ReportReason,
  type ReportStatus,
} from '@myworld/schemas';
import { defineProjection, type ProjectionHandler } from '../../projection.ts';
import { REDACTED_TEXT, redactedText } from '../../read-model-parts/account-deletion.ts';

/**
 * The reports read model (the moderation queue): one row per report with its status, note and
 * times; the cards of users (from UserRegistered and ProfileCustomized) the queue shows as
 * reporters and authors; a card per reportable item (text posts, videos, comments, stories, users,
 * streams, messages: title, description, author, the stream its events live in, and whether it is
 * visible, hidden or removed) so the queue shows what was reported and moderation finds where to
 * record a decision; and the moderation settings admins last recorded (none: the defaults). A
 * deleted account's reports and cards stay (moderators still need them), with what the user wrote
 * (descriptions, stream titles) and their picture as the redaction a replay reads.
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
  /**
   * What the queue shows of a reported item; kept when the item is deleted (moderators still need
   * it). A message's text is private: its card has no description.
   */
  content_cards: {
    content_type: ContentType;
    content_id: string;
    title: string | null;
    description: string | null;
    author_id: string;
    /** The item's own stream, where ContentRemoved and ContentHidden are recorded. */
    stream: string;
    visibility: ContentVisibility;
    /** When it was last shown again after being hidden: reports before then no longer count toward hiding it. */
    restored_at: Date | null;
  };
  /** The settings of ModerationSettingsChanged (one row, id 'global'); absent until an admin changes them. */
  moderation_settings: {
    id: string;
    auto_hide_threshold: number;
    report_reasons: ReportReason[];
    changed_by: string;
    changed_at: Date;
  };
}

type Db = Parameters<ProjectionHandler<ReportsDb>>[0]['db'];
type NewCard = Omit<ReportsDb['content_cards'], 'visibility' | 'restored_at'>;

async function contentCard(db: Db, card: NewCard): Promise<void> {
  await db
    .insertInto('content_cards')
    .values({ ...card, visibility: 'visible', restored_at: null })
    .onConflict((oc) => oc.columns(['content_type', 'content_id']).doNothing())
    .execute();
}

async function setVisibility(
  db: Db,
  contentType: ContentType,
  contentId: string,
  visibility: ContentVisibility,
  restoredAt?: Date,
): Promise<void> {
  let update = db
    .updateTable('content_cards')
    .set({ visibility, ...(restoredAt ? { restored_at: restoredAt } : {}) })
    .where('content_type', '=', contentType)
    .where('content_id', '=', contentId);
  // Removal is final: a late hide or restore does not bring a removed item back.
  if (visibility !== 'removed') update = update.where('visibility', '!=', 'removed');
  await update.execute();
}

export const reportsProjection = defineProjection<ReportsDb>({
  name: 'reports',
  // 3: a deleted account's texts are redacted.
  // 4: reports by reporter (the trust of reporters), cards by author; AccountReinstated shows a suspended user again.
  version: 4,
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
      create index on ${sql.id(schema, 'reports')} (reporter_id, status, updated_at);
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
        stream text not null,
        visibility text not null default 'visible',
        restored_at timestamptz,
        primary key (content_type, content_id)
      );
      create index on ${sql.id(schema, 'content_cards')} (author_id, content_type);
      create table ${sql.id(schema, 'moderation_settings')} (
        id text primary key,
        auto_hide_threshold integer not null,
        report_reasons text[] not null,
        changed_by text not null,
        changed_at timestamptz not null
      );
    `.execute(db);
  },
  handlers: {
    ReportFiled: async ({ db }, { data: d }) => {
      const at = new Date(d.filedAt);
      await db
        .insertInto('reports')
        .values({
          id: d.reportId,
          reporter_id: d.reporterId,
          content_type: d.contentType,
          content_id: d.contentId,
          reason: d.reportReason,
          description: d.description,
          status: 'pending',
          moderator_id: null,
          moderator_note: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
    ReportReviewStarted: async ({ db }, { data: d }) => {
      await db
        .updateTable('reports')
        .set({ status: 'reviewing', moderator_id: d.moderatorId, updated_at: new Date(d.startedAt) })
        .where('id', '=', d.reportId)
        .execute();
    },
    ReportResolved: async ({ db }, { data: d }) => {
      await db
        .updateTable('reports')
        .set({
          status: 'resolved',
          moderator_id: d.moderatorId,
          moderator_note: d.note,
          updated_at: new Date(d.resolvedAt),
        })
        .where('id', '=', d.reportId)
        .execute();
    },
    ReportDismissed: async ({ db }, { data: d }) => {
      await db
        .updateTable('reports')
        .set({
          status: 'dismissed',
          moderator_id: d.moderatorId,
          moderator_note: d.note,
          updated_at: new Date(d.dismissedAt),
        })
        .where('id', '=', d.reportId)
        .execute();
    },
    ContentRemoved: async ({ db }, { data: d }) => setVisibility(db, d.contentType, d.contentId, 'removed'),
    ContentHidden: async ({ db }, { data: d }) => setVisibility(db, d.contentType, d.contentId, 'hidden'),
    ContentRestored: async ({ db }, { data: d }) =>
      setVisibility(db, d.contentType, d.contentId, 'visible', new Date(d.restoredAt)),
    // The one way back from removal: an admin reinstates a suspended user (reports before it no longer count).
    AccountReinstated: async ({ db }, { data: d }) => {
      await db
        .updateTable('content_cards')
        .set({ visibility: 'visible', restored_at: new Date(d.reinstatedAt) })
        .where('content_type', '=', 'user')
        .where('content_id', '=', d.userId)
        .execute();
    },
    AccountDeleted: async ({ db }, { data: d }) => {
      await db.updateTable('reports').set({ description: REDACTED_TEXT }).where('reporter_id', '=', d.userId).execute();
      // A stream's title is the streamer's text; a user card's is their username (public, kept).
      await db
        .updateTable('content_cards')
        .set((eb) => ({
          description: redactedText('description'),
          title: eb.case().when('content_type', '=', 'stream').then(redactedText('title')).else(eb.ref('title')).end(),
        }))
        .where('author_id', '=', d.userId)
        .execute();
      await db
        .updateTable('report_user_cards')
        .set({ profile_image_url: null })
        .where('user_id', '=', d.userId)
        .execute();
    },
    ModerationSettingsChanged: async ({ db }, { data: d }) => {
      const row = {
        auto_hide_threshold: d.autoHideThreshold,
        report_reasons: d.reportReasons,
        changed_by: d.changedBy,
        changed_at: new Date(d.changedAt),
      };
      await db
        .insertInto('moderation_settings')
        .values({ id: 'global', ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },
    UserRegistered: async ({ db }, { data: d }) => {
      await db
        .insertInto('report_user_cards')
        .values({ user_id: d.userId, username: d.username, profile_image_url: null })
        .execute();
      await contentCard(db, {
        content_type: 'user',
        content_id: d.userId,
        title: d.username,
        description: null,
        author_id: d.userId,
        stream: ACCOUNTS_STREAMS.user(d.userId),
      });
    },
    ProfileCustomized: async ({ db }, { data: d }) => {
      await db
        .updateTable('report_user_cards')
        .set({ profile_image_url: d.profileImageUrl })
        .where('user_id', '=', d.userId)
        .execute();
    },
    TextPostCreated: async ({ db }, { data: d }) =>
      contentCard(db, {
        content_type: 'text_post',
        content_id: d.postId,
        title: null,
        description: d.content,
        author_id: d.authorId,
        stream: postStreamName(d.postId),
      }),
    VideoPostSubmitted: async ({ db }, { data: d }) =>
      contentCard(db, {
        content_type: 'video',
        content_id: d.postId,
        title: null,
        description: d.description,
        author_id: d.authorId,
        stream: postStreamName(d.postId),
      }),
    CommentAdded: async ({ db }, { data: d }) =>
      contentCard(db, {
        content_type: 'comment',
        content_id: d.commentId,
        title: null,
        description: d.content,
        author_id: d.authorId,
        stream: commentStreamName(d.commentId),
      }),
    StoryCreated: async ({ db }, { data: d }) =>
      contentCard(db, {
        content_type: 'story',
        content_id: d.storyId,
        title: null,
        description: d.content,
        author_id: d.authorId,
        stream: storyStreamName(d.storyId),
      }),
    LiveStreamStarted: async ({ db }, { data: d }) =>
      contentCard(db, {
        content_type: 'stream',
        content_id: d.streamId,
        title: d.title,
        description: d.description,
        author_id: d.userId,
        stream: liveStreamStreamName(d.streamId),
      }),
    LiveStreamScheduled: async ({ db }, { data: d }) =>
      contentCard(db, {
        content_type: 'stream',
        content_id: d.streamId,
        title: d.title,
        description: d.description,
        author_id: d.userId,
        stream: liveStreamStreamName(d.streamId),
      }),
    MessageSent: async ({ db }, { data: d }) =>
      contentCard(db, {
        content_type: 'message',
        content_id: d.messageId,
        title: null,
        description: null,
        author_id: d.senderId,
        stream: conversationStreamName(d.senderId, d.receiverId),
      }),
  },
});
