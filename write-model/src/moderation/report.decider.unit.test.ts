import { describe, expect, it } from 'vitest';
import type { ModerationEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { reportDecider, type ReportCommand } from './report.decider.ts';
import { reportIdFor } from './report-id.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(reportDecider);

const file: ReportCommand = {
  type: 'FileReport',
  reportId: 'r1',
  reporterId: 'ada',
  contentType: 'text_post',
  contentId: 'p1',
  reportReason: 'spam',
  description: 'buy now',
  now,
};
const filed: ModerationEvent = {
  type: 'ReportFiled',
  data: {
    reportId: 'r1',
    reporterId: 'ada',
    contentType: 'text_post',
    contentId: 'p1',
    reportReason: 'spam',
    description: 'buy now',
    filedAt: at,
  },
};
const reviewing: ModerationEvent = {
  type: 'ReportReviewStarted',
  data: { reportId: 'r1', moderatorId: 'mod', startedAt: at },
};
const resolved = (note = 'Content removed for policy violation'): ModerationEvent => ({
  type: 'ReportResolved',
  data: { reportId: 'r1', moderatorId: 'mod', note, contentRemoved: true, resolvedAt: at },
});
const dismissed = (note = 'No policy violation found'): ModerationEvent => ({
  type: 'ReportDismissed',
  data: { reportId: 'r1', moderatorId: 'mod', note, dismissedAt: at },
});
const moderate = (status: 'pending' | 'reviewing' | 'resolved' | 'dismissed', note?: string): ReportCommand => ({
  type: 'ModerateReport',
  moderatorId: 'mod',
  status,
  note,
  now,
});

describe('report decider', () => {
  it('given nothing, when ada files a report, then ReportFiled (pending)', () => {
    spec.given().when(file).then([filed]);
    expect(spec.given(filed).state()).toMatchObject({ status: 'pending', moderatorNote: null });
  });

  it('given a filed report, filing it again is refused (409 already_reported naming contentId)', () => {
    spec.given(filed).when(file).thenRefuses({ status: 409, code: 'already_reported', field: 'contentId' });
    spec.given(filed, reviewing).when(file).thenRefuses({ status: 409, code: 'already_reported' });
  });

  it('pending -> reviewing (Review)', () => {
    spec.given(filed).when(moderate('reviewing')).then([reviewing]);
  });

  it('pending or reviewing -> resolved (Remove Content) with "Content removed for policy violation" by default', () => {
    spec.given(filed).when(moderate('resolved')).then([resolved()]);
    spec.given(filed, reviewing).when(moderate('resolved')).then([resolved()]);
    spec
      .given(filed)
      .when(moderate('resolved', '  Graphic violence  '))
      .then([resolved('Graphic violence')]);
    expect(spec.given(filed, resolved()).state()).toMatchObject({
      status: 'resolved',
      moderatorNote: 'Content removed for policy violation',
    });
  });

  it('pending or reviewing -> dismissed (Dismiss) with "No policy violation found" by default; a blank note takes the default', () => {
    spec.given(filed).when(moderate('dismissed')).then([dismissed()]);
    spec.given(filed, reviewing).when(moderate('dismissed', '   ')).then([dismissed()]);
    spec
      .given(filed)
      .when(moderate('dismissed', 'Satire'))
      .then([dismissed('Satire')]);
  });

  it.each([
    ['pending', 'pending', [filed]],
    ['reviewing', 'reviewing', [filed, reviewing]],
    ['reviewing', 'pending', [filed, reviewing]],
    ['resolved', 'dismissed', [filed, resolved()]],
    ['resolved', 'reviewing', [filed, resolved()]],
    ['dismissed', 'resolved', [filed, dismissed()]],
    ['dismissed', 'dismissed', [filed, dismissed()]],
  ] as const)('an illegal move %s -> %s is refused (409 illegal_transition naming status)', (from, to, given) => {
    spec
      .given(...given)
      .when(moderate(to))
      .thenRefuses({
        status: 409,
        code: 'illegal_transition',
        field: 'status',
        message: `A ${from} report cannot become ${to}`,
      });
  });

  it.each(['reviewing', 'resolved', 'dismissed'] as const)(
    'a moderator never acts (%s) on a report they filed, nor on one about their own content (403)',
    (status) => {
      spec
        .given(filed)
        .when({ type: 'ModerateReport', moderatorId: 'ada', status, now })
        .thenRefuses({ status: 403, code: 'own_report', field: 'id' });
      spec
        .given(filed)
        .when({ type: 'ModerateReport', moderatorId: 'mod', status, contentAuthorId: 'mod', now })
        .thenRefuses({ status: 403, code: 'own_content', field: 'id' });
      const aboutMod: ModerationEvent = {
        type: 'ReportFiled',
        data: { ...(filed.data as object), contentType: 'user', contentId: 'mod' } as never,
      };
      spec.given(aboutMod).when(moderate(status)).thenRefuses({ status: 403, code: 'own_content' });
      // Someone else's content: allowed.
      expect(() =>
        spec.given(filed).when({ type: 'ModerateReport', moderatorId: 'mod', status, contentAuthorId: 'bob', now }),
      ).not.toThrow();
    },
  );

  it('moderating a report never filed is 404 naming id', () => {
    spec
      .given()
      .when(moderate('reviewing'))
      .thenRefuses({ status: 404, code: 'not_found', field: 'id', message: 'Report not found' });
  });
});

describe('report ids', () => {
  it('are one per reporter, content and generation, and UUIDs', () => {
    const first = reportIdFor('ada', 'text_post', 'p1', 0);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(reportIdFor('ada', 'text_post', 'p1', 0)).toBe(first);
    expect(
      new Set([
        first,
        reportIdFor('ada', 'text_post', 'p1', 1),
        reportIdFor('bob', 'text_post', 'p1', 0),
        reportIdFor('ada', 'comment', 'p1', 0),
        reportIdFor('ada', 'text_post', 'p2', 0),
      ]).size,
    ).toBe(5);
  });
});
