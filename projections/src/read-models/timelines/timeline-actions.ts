import { ENGAGEMENT_KINDS, type EngagementCounts } from '@myworld/schemas';

/** What a timeline shows as an event's action, by type; `detail` is the one fact the read model kept (timeline-facts.ts). */
const ACTIONS: Readonly<Record<string, (detail: string | null) => string>> = {
  ReportFiled: (reason) => (reason ? `Reported for ${words(reason)}` : 'Reported'),
  ReportReviewStarted: () => 'Review started',
  ReportResolved: (detail) => (detail === 'content_removed' ? 'Resolved: content removed' : 'Resolved'),
  ReportDismissed: () => 'Dismissed',
  ContentRemoved: () => 'Content removed',
  ContentHidden: (count) => (count ? `Hidden pending review (${count} reporters)` : 'Hidden pending review'),
  ContentRestored: () => 'Content restored',
  AccountReinstated: () => 'Account reinstated',
  UserRegistered: () => 'Account created',
  ProfileCustomized: () => 'Profile edited',
  TextPostCreated: () => 'Text post created',
  VideoPostSubmitted: () => 'Video posted',
  PostDeleted: () => 'Deleted by its author',
  CommentAdded: () => 'Comment posted',
  CommentDeleted: () => 'Comment deleted',
  StoryCreated: () => 'Story posted',
  StoryExpired: () => 'Story expired',
  LiveStreamStarted: () => 'Live stream created',
  LiveStreamWentLive: () => 'Went live',
  LiveStreamEnded: () => 'Live stream ended',
  LiveStreamDuetStarted: () => 'Duet started',
  LiveStreamDuetEnded: () => 'Duet ended',
  LiveStreamChatMessagePosted: () => 'Chat message posted',
  MessageSent: () => 'Message sent',
};

/** "hate_speech" -> "hate speech". */
const words = (text: string) => text.replace(/_/g, ' ');

/** An event's action for people; a type without wording of its own reads as its name in words ("PasswordReset" -> "Password reset"). */
export function timelineAction(type: string, detail: string | null): string {
  const action = ACTIONS[type];
  if (action) return action(detail);
  const spaced = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const SINGULAR: Readonly<Record<keyof EngagementCounts, string>> = {
  views: 'view',
  likes: 'like',
  unlikes: 'unlike',
  comments: 'comment',
  shares: 'share',
  chat_messages: 'chat message',
};

/** An hour of engagement in words: "12 likes, 1 comment" (kinds with none are left out). */
export function engagementAction(counts: EngagementCounts): string {
  return ENGAGEMENT_KINDS.filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${counts[kind] === 1 ? SINGULAR[kind] : words(kind)}`)
    .join(', ');
}
