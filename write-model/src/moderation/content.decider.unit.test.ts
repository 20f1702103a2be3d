import { describe, expect, it } from 'vitest';
import type { ModerationEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { contentModerationDecider, type ContentModerationCommand } from './content.decider.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(contentModerationDecider('text_post', 'p1'));

const remove = (reportIds = ['r1', 'r2']): ContentModerationCommand => ({
  type: 'RemoveContent',
  authorId: 'ada',
  moderatorId: 'mod',
  reportIds,
  note: 'Content removed for policy violation',
  now,
});
const hide = (reporterCount: number, threshold = 5): ContentModerationCommand => ({
  type: 'HideReportedContent',
  reporterCount,
  threshold,
  now,
});
const restore: ContentModerationCommand = { type: 'RestoreContent', moderatorId: 'mod', now };

const removed = (reportIds = ['r1', 'r2']): ModerationEvent => ({
  type: 'ContentRemoved',
  data: {
    contentType: 'text_post',
    contentId: 'p1',
    authorId: 'ada',
    moderatorId: 'mod',
    reportIds,
    note: 'Content removed for policy violation',
    removedAt: at,
  },
});
const hidden = (reporterCount = 5): ModerationEvent => ({
  type: 'ContentHidden',
  data: { contentType: 'text_post', contentId: 'p1', reporterCount, hiddenAt: at },
});
const restored: ModerationEvent = {
  type: 'ContentRestored',
  data: { contentType: 'text_post', contentId: 'p1', moderatorId: 'mod', restoredAt: at },
};
/** The post's own creation, as its stream holds it before any moderation (not a moderation event). */
const created = { type: 'TextPostCreated', data: { postId: 'p1', authorId: 'ada' } } as unknown as ModerationEvent;
/** Moderation of another item sharing the stream (a conversation holds many messages). */
const otherRemoved: ModerationEvent = {
  type: 'ContentRemoved',
  data: { ...(removed().data as object), contentType: 'comment', contentId: 'c9' } as never,
};

describe("content removal decider (on the content's own stream)", () => {
  it('given a post, when a moderator removes it, then ContentRemoved with the reports resolved together', () => {
    spec.given(created).when(remove()).then([removed()]);
  });

  it('given a removed post, removing it again decides nothing (idempotent, race-safe)', () => {
    spec
      .given(created, removed())
      .when(remove(['r3']))
      .then([]);
  });

  it('given a hidden post, removing it removes it; a late hide or restore does not bring it back', () => {
    spec.given(created, hidden()).when(remove()).then([removed()]);
    spec.given(created, hidden(), removed()).when(hide(9)).then([]);
    spec.given(created, hidden(), removed()).when(restore).then([]);
    expect(spec.given(created, hidden(), removed(), restored).state().visibility).toBe('removed');
  });

  it("another item's moderation on the same stream changes nothing for this one", () => {
    spec.given(created, otherRemoved).when(remove()).then([removed()]);
  });
});

describe('auto-hide decider', () => {
  it('given a visible post, 4 distinct reporters of 5 decide nothing; the 5th hides it', () => {
    spec.given(created).when(hide(4)).then([]);
    spec
      .given(created)
      .when(hide(5))
      .then([hidden(5)]);
    spec
      .given(created)
      .when(hide(3, 3))
      .then([hidden(3)]);
  });

  it('given a hidden post, more reporters decide nothing (hidden once)', () => {
    spec.given(created, hidden()).when(hide(6)).then([]);
  });

  it('given a hidden post whose reports were all dismissed, restoring shows it again and remembers when', () => {
    spec.given(created, hidden()).when(restore).then([restored]);
    expect(spec.given(created, hidden(), restored).state()).toEqual({ visibility: 'visible', restoredAt: at });
    spec.given(created).when(restore).then([]);
  });

  it('an admin reinstates a removed (suspended) user: AccountReinstated, the user is visible again, and a later removal records again', () => {
    const user = deciderSpec(contentModerationDecider('user', 'u1'));
    const userRemoved: ModerationEvent = {
      type: 'ContentRemoved',
      data: {
        contentType: 'user',
        contentId: 'u1',
        authorId: 'u1',
        moderatorId: 'mod',
        reportIds: ['r1'],
        note: 'Spam',
        removedAt: at,
      },
    };
    const reinstated: ModerationEvent = {
      type: 'AccountReinstated',
      data: { userId: 'u1', adminId: 'boss', note: 'Appeal upheld', reinstatedAt: at },
    };
    const reinstate: ContentModerationCommand = {
      type: 'ReinstateAccount',
      adminId: 'boss',
      note: 'Appeal upheld',
      now,
    };
    user.given(userRemoved).when(reinstate).then([reinstated]);
    expect(user.given(userRemoved, reinstated).state()).toEqual({ visibility: 'visible', restoredAt: at });
    user
      .given(userRemoved, reinstated)
      .when({ type: 'RemoveContent', authorId: 'u1', moderatorId: 'mod', reportIds: [], note: 'Again', now })
      .then([{ ...userRemoved, data: { ...(userRemoved.data as object), reportIds: [], note: 'Again' } as never }]);
  });

  it('reinstating a user who is not suspended, or any other item, is refused (409 not_suspended)', () => {
    deciderSpec(contentModerationDecider('user', 'u1'))
      .given()
      .when({ type: 'ReinstateAccount', adminId: 'boss', note: '', now })
      .thenRefuses({ status: 409, code: 'not_suspended' });
    spec
      .given(created, removed())
      .when({ type: 'ReinstateAccount', adminId: 'boss', note: '', now })
      .thenRefuses({ status: 409, code: 'not_suspended' });
  });
});
