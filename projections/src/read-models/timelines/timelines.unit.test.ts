import { describe, expect, it } from 'vitest';
import { engagementAction, timelineAction } from './timeline-actions.ts';
import { engagementHours } from './engagement-hours.ts';
import { contentKindOf, parseContentKey, timelineFacts } from './timeline-facts.ts';

const postId = 'p1';
const at = (iso: string) => new Date(iso);

describe('timeline facts: what the audit timeline keeps of an event', () => {
  it("keeps which item an event is about and whose, never the payload's private text", () => {
    const message = timelineFacts({
      type: 'MessageSent',
      data: {
        messageId: 'm1',
        senderId: 'ann',
        receiverId: 'bob',
        content: 'my secret',
        sentAt: '2026-11-26T10:00:00Z',
      },
    });
    expect(message).toEqual({
      subject: 'message:m1',
      ownerId: 'ann',
      reported: null,
      note: null,
      detail: null,
      engagement: null,
    });
    const registered = timelineFacts({
      type: 'UserRegistered',
      data: {
        userId: 'u1',
        username: 'ann',
        email: 'ann@example.test',
        passwordHash: 'scrypt$x',
        birthDate: '1990-01-01',
      },
    });
    expect(JSON.stringify(registered)).not.toMatch(/example\.test|scrypt|1990/);
    expect(registered).toMatchObject({ subject: 'user:u1', ownerId: 'u1' });
    expect(
      timelineFacts({ type: 'TextPostCreated', data: { postId, authorId: 'ann', content: 'hello' } }),
    ).toMatchObject({ subject: 'post:p1', ownerId: 'ann', note: null });
  });

  it("keeps a report's item, reason and description, and the moderators' notes", () => {
    expect(
      timelineFacts({
        type: 'ReportFiled',
        data: {
          reportId: 'r1',
          reporterId: 'bob',
          contentType: 'video',
          contentId: postId,
          reportReason: 'hate_speech',
          description: 'Slurs',
        },
      }),
    ).toMatchObject({
      reported: 'post:p1',
      note: 'Slurs',
      detail: 'hate_speech',
      subject: null,
    });
    expect(
      timelineFacts({
        type: 'ReportResolved',
        data: { reportId: 'r1', moderatorId: 'mod', note: 'Gone', contentRemoved: true },
      }),
    ).toMatchObject({ note: 'Gone', detail: 'content_removed' });
    expect(
      timelineFacts({
        type: 'ContentRemoved',
        data: {
          contentType: 'comment',
          contentId: 'c1',
          authorId: 'ann',
          moderatorId: 'mod',
          reportIds: ['r1'],
          note: 'Gone',
        },
      }),
    ).toMatchObject({ subject: 'comment:c1', ownerId: 'ann', note: 'Gone' });
    expect(
      timelineFacts({ type: 'ContentHidden', data: { contentType: 'story', contentId: 's1', reporterCount: 5 } }),
    ).toMatchObject({ subject: 'story:s1', detail: '5' });
  });

  it('a comment is an item of its own and engagement with its post; likes and views are engagement only', () => {
    expect(
      timelineFacts({
        type: 'CommentAdded',
        data: { commentId: 'c1', postId, postAuthorId: 'ann', authorId: 'bob', content: 'hi' },
      }),
    ).toMatchObject({
      subject: 'comment:c1',
      ownerId: 'bob',
      engagement: { of: 'post:p1', kind: 'comments' },
    });
    expect(timelineFacts({ type: 'PostLiked', data: { postId, userId: 'bob', authorId: 'ann' } })).toMatchObject({
      subject: null,
      engagement: { of: 'post:p1', kind: 'likes' },
    });
    expect(
      timelineFacts({ type: 'LiveStreamViewerJoined', data: { streamId: 'l1', viewerId: 'v' } }).engagement,
    ).toEqual({ of: 'stream:l1', kind: 'views' });
  });

  it('an unknown type, or a payload without the ids, keeps no facts', () => {
    expect(timelineFacts({ type: 'SomethingNew', data: { postId } })).toMatchObject({
      subject: null,
      engagement: null,
    });
    expect(timelineFacts({ type: 'PostLiked', data: {} }).engagement).toBeNull();
    expect(timelineFacts({ type: 'TextPostCreated', data: null }).subject).toBeNull();
  });

  it('content keys: video and text_post are posts; keys parse back', () => {
    expect([
      contentKindOf('video'),
      contentKindOf('text_post'),
      contentKindOf('stream'),
      contentKindOf('photo'),
    ]).toEqual(['post', 'post', 'stream', null]);
    expect(parseContentKey('message:a:b')).toEqual({ kind: 'message', id: 'a:b' });
    expect(parseContentKey('nothing')).toBeNull();
  });
});

describe('engagement per hour', () => {
  const like = (iso: string, id = postId) => ({
    event: { createdAt: at(iso) },
    facts: timelineFacts({ type: 'PostLiked', data: { postId: id, userId: 'u', authorId: 'a' } }),
  });
  const count = (items: ReturnType<typeof like>[]) =>
    engagementHours(
      items.map((i) => i.event),
      items.map((i) => i.facts),
    );

  it('counts per item, UTC hour and kind, with the first and last of each', () => {
    const rows = count([
      like('2026-11-26T10:59:00Z'),
      like('2026-11-26T10:05:00Z'),
      like('2026-11-26T11:00:00Z'),
      like('2026-11-26T10:30:00Z', 'p2'),
    ]);
    expect(rows).toEqual([
      {
        subject: 'post:p1',
        hour: at('2026-11-26T10:00:00Z'),
        kind: 'likes',
        count: 2,
        first_at: at('2026-11-26T10:05:00Z'),
        last_at: at('2026-11-26T10:59:00Z'),
      },
      {
        subject: 'post:p1',
        hour: at('2026-11-26T11:00:00Z'),
        kind: 'likes',
        count: 1,
        first_at: at('2026-11-26T11:00:00Z'),
        last_at: at('2026-11-26T11:00:00Z'),
      },
      {
        subject: 'post:p2',
        hour: at('2026-11-26T10:00:00Z'),
        kind: 'likes',
        count: 1,
        first_at: at('2026-11-26T10:30:00Z'),
        last_at: at('2026-11-26T10:30:00Z'),
      },
    ]);
  });

  it('reads as "12 likes, 1 comment", leaving out kinds with none', () => {
    expect(engagementAction({ views: 0, likes: 12, unlikes: 0, comments: 1, shares: 0, chat_messages: 2 })).toBe(
      '12 likes, 1 comment, 2 chat messages',
    );
    expect(engagementAction({ views: 1, likes: 0, unlikes: 1, comments: 0, shares: 3, chat_messages: 0 })).toBe(
      '1 view, 1 unlike, 3 shares',
    );
  });
});

describe('timeline actions', () => {
  it('words each event for people, a type without wording by its name', () => {
    expect(timelineAction('ReportFiled', 'hate_speech')).toBe('Reported for hate speech');
    expect(timelineAction('ReportResolved', 'content_removed')).toBe('Resolved: content removed');
    expect(timelineAction('ContentHidden', '5')).toBe('Hidden pending review (5 reporters)');
    expect(timelineAction('PasswordResetRequested', null)).toBe('Password reset requested');
  });
});
