import type { RecordedEvent } from '@myworld/eventstore';
import {
  CONTENT_KINDS,
  isPostContentType,
  type ContentKind,
  type EngagementKind,
  type EventData,
  type EventType,
} from '@myworld/schemas';

/**
 * What the audit timeline keeps of one event besides who and when: which content item it is
 * about, whose item that is, what a report is about, and a moderator-safe note. It is derived
 * from the payload here, once, so that the payload itself (message text, password hashes,
 * tokens, emails) never reaches the read model. Only report descriptions and moderator notes are
 * kept as text.
 */
export interface TimelineFacts {
  /** The content item ("post:{id}", see contentKey) whose life this event is part of. */
  readonly subject: string | null;
  /** The author of `subject`, where the event says. */
  readonly ownerId: string | null;
  /** ReportFiled: the reported item. */
  readonly reported: string | null;
  /** A report's description or a moderator's note. */
  readonly note: string | null;
  /** One short enumerated fact the action is worded from (a report's reason, a reporter count). */
  readonly detail: string | null;
  /** Engagement with an item (likes, views...), which timelines summarise per hour. */
  readonly engagement: { readonly of: string; readonly kind: EngagementKind } | null;
}

/** The kind of item a report's contentType names. */
export function contentKindOf(contentType: string): ContentKind | null {
  if (isPostContentType(contentType)) return 'post';
  return (CONTENT_KINDS as readonly string[]).includes(contentType) ? (contentType as ContentKind) : null;
}

/** "post:{id}": one key per content item across streams and event types. */
function contentKey(kind: ContentKind | null, id: unknown): string | null {
  return kind && typeof id === 'string' && id !== '' ? `${kind}:${id}` : null;
}

export function parseContentKey(key: string): { kind: ContentKind; id: string } | null {
  const at = key.indexOf(':');
  const kind = contentKindOf(key.slice(0, at));
  return at > 0 && kind ? { kind, id: key.slice(at + 1) } : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const reportedKey = (contentType: unknown, id: unknown) =>
  contentKey(typeof contentType === 'string' ? contentKindOf(contentType) : null, id);

type Derive<T extends EventType> = (data: EventData<T>) => Partial<TimelineFacts>;

/**
 * Per event type, its facts (types not listed here are kept with none). The payloads come
 * unparsed from the log (parsing every event would slow rebuilds), so each field is checked for
 * its kind where it is read.
 */
const DERIVE: { readonly [T in EventType]?: Derive<T> } = {
  // Reports: the reported item, the description and the moderators' notes.
  ReportFiled: (d) => ({
    reported: reportedKey(d.contentType, d.contentId),
    note: text(d.description),
    detail: text(d.reportReason),
  }),
  ReportResolved: (d) => ({ note: text(d.note), detail: d.contentRemoved === true ? 'content_removed' : null }),
  ReportDismissed: (d) => ({ note: text(d.note) }),
  // The life of content items.
  UserRegistered: (d) => ({ subject: contentKey('user', d.userId), ownerId: text(d.userId) }),
  ProfileCustomized: (d) => ({ subject: contentKey('user', d.userId), ownerId: text(d.userId) }),
  TextPostCreated: (d) => ({ subject: contentKey('post', d.postId), ownerId: text(d.authorId) }),
  VideoPostSubmitted: (d) => ({ subject: contentKey('post', d.postId), ownerId: text(d.authorId) }),
  PostDeleted: (d) => ({ subject: contentKey('post', d.postId), ownerId: text(d.authorId) }),
  CommentAdded: (d) => ({
    subject: contentKey('comment', d.commentId),
    ownerId: text(d.authorId),
    engagement: engaged('post', d.postId, 'comments'),
  }),
  CommentDeleted: (d) => ({ subject: contentKey('comment', d.commentId), ownerId: text(d.authorId) }),
  StoryCreated: (d) => ({ subject: contentKey('story', d.storyId), ownerId: text(d.authorId) }),
  StoryExpired: (d) => ({ subject: contentKey('story', d.storyId), ownerId: text(d.authorId) }),
  LiveStreamStarted: (d) => ({ subject: contentKey('stream', d.streamId), ownerId: text(d.userId) }),
  LiveStreamWentLive: (d) => ({ subject: contentKey('stream', d.streamId) }),
  LiveStreamEnded: (d) => ({ subject: contentKey('stream', d.streamId) }),
  LiveStreamDuetStarted: (d) => ({ subject: contentKey('stream', d.streamId) }),
  LiveStreamDuetEnded: (d) => ({ subject: contentKey('stream', d.streamId) }),
  LiveStreamChatMessagePosted: (d) => ({
    subject: contentKey('message', d.messageId),
    ownerId: text(d.userId),
    engagement: engaged('stream', d.streamId, 'chat_messages'),
  }),
  MessageSent: (d) => ({ subject: contentKey('message', d.messageId), ownerId: text(d.senderId) }),
  // Engagement, summarised per hour.
  PostLiked: (d) => ({ engagement: engaged('post', d.postId, 'likes') }),
  PostUnliked: (d) => ({ engagement: engaged('post', d.postId, 'unlikes') }),
  PostViewed: (d) => ({ engagement: engaged('post', d.postId, 'views') }),
  PostShared: (d) => ({ engagement: engaged('post', d.postId, 'shares') }),
  StoryViewed: (d) => ({ engagement: engaged('story', d.storyId, 'views') }),
  LiveStreamViewerJoined: (d) => ({ engagement: engaged('stream', d.streamId, 'views') }),
  // Moderation of content (on the content's own stream).
  ContentRemoved: (d) => ({
    subject: reportedKey(d.contentType, d.contentId),
    ownerId: text(d.authorId),
    note: text(d.note),
  }),
  ContentHidden: (d) => ({
    subject: reportedKey(d.contentType, d.contentId),
    detail: typeof d.reporterCount === 'number' ? String(d.reporterCount) : null,
  }),
  ContentRestored: (d) => ({ subject: reportedKey(d.contentType, d.contentId) }),
  AccountReinstated: (d) => ({ subject: contentKey('user', d.userId), ownerId: text(d.userId), note: text(d.note) }),
};

function engaged(kind: ContentKind, id: unknown, what: EngagementKind): TimelineFacts['engagement'] {
  const of = contentKey(kind, id);
  return of ? { of, kind: what } : null;
}

const NONE: TimelineFacts = {
  subject: null,
  ownerId: null,
  reported: null,
  note: null,
  detail: null,
  engagement: null,
};

export function timelineFacts(event: Pick<RecordedEvent, 'type' | 'data'>): TimelineFacts {
  const derive = (DERIVE as Record<string, ((data: unknown) => Partial<TimelineFacts>) | undefined>)[event.type];
  if (!derive || typeof event.data !== 'object' || event.data === null) return NONE;
  return { ...NONE, ...derive(event.data) };
}
