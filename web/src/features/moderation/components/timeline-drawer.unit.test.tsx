import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Report, TimelineEntry } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report: Report = {
  id: 'r1',
  contentType: 'text_post',
  contentId: 'p1',
  reportReason: 'spam',
  description: 'Spam links',
  status: 'resolved',
  moderatorNote: 'Spam: removed',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T11:00:00.000Z',
  reporter: { id: 'u2', username: 'rex', profileImageUrl: null },
  content: {
    id: 'p1',
    type: 'text_post',
    title: null,
    description: 'Buy followers',
    user: { username: 'ann' },
    visibility: 'removed',
  },
};

const entry = (id: string, fields: Partial<TimelineEntry>): TimelineEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  actor: null,
  action: '',
  note: null,
  source: 'report',
  eventType: 'ReportFiled',
  reportId: 'r1',
  content: { kind: 'post', id: 'p1' },
  engagement: null,
  ...fields,
});

const firstPage: TimelineEntry[] = [
  entry('e1', {
    source: 'content',
    eventType: 'TextPostCreated',
    reportId: null,
    actor: { id: 'a', username: 'ann' },
    action: 'Text post created',
  }),
  entry('e2', {
    source: 'content',
    eventType: null,
    reportId: null,
    action: '12 likes, 3 comments',
    engagement: {
      counts: { views: 0, likes: 12, unlikes: 0, comments: 3, shares: 0, chat_messages: 0 },
      until: '2026-11-26T10:40:00.000Z',
    },
  }),
  entry('e3', { actor: { id: 'u2', username: 'rex' }, action: 'Reported for spam', note: 'Spam links' }),
];
const secondPage: TimelineEntry[] = [
  entry('e4', {
    eventType: 'ReportResolved',
    actor: { id: 'm', username: 'mod' },
    action: 'Resolved: content removed',
    note: 'Spam: removed',
  }),
  entry('e5', { source: 'content', eventType: 'ContentHidden', action: 'Hidden pending review (5 reporters)' }),
];

function api() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, testUser({ roles: ['moderator'] }));
    if (url === '/api/reports') return json(200, [report]);
    if (url === '/api/reports/r1/timeline')
      return new Response(JSON.stringify(firstPage), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'next1' },
      });
    if (url === '/api/reports/r1/timeline?cursor=next1') return json(200, secondPage);
    return json(404, { error: 'not_found', message: 'x' });
  });
}

describe('the report timeline drawer', () => {
  it('opens from a report card with every entry: time, actor, action and note; engagement per hour has no actor; the system is named', async () => {
    api();
    renderApp({ url: '/content-moderation' });
    fireEvent.click(within(await screen.findByTestId('report-r1')).getByTestId('report-open-timeline'));
    const drawer = await screen.findByRole('dialog', { name: 'Report timeline' });
    await within(drawer).findByText('Reported for spam');
    const rows = () =>
      within(drawer)
        .getAllByTestId('timeline-entry')
        .map((li) => [
          li.querySelector('time')?.getAttribute('datetime'),
          within(li).queryByTestId('timeline-actor')?.textContent ?? null,
          within(li).getByTestId('timeline-action').textContent,
          within(li).queryByTestId('timeline-note')?.textContent ?? null,
        ]);
    expect(rows()).toEqual([
      ['2026-11-26T10:00:00.000Z', '@ann', 'Text post created', null],
      ['2026-11-26T10:00:00.000Z', null, '12 likes, 3 comments', null],
      ['2026-11-26T10:00:00.000Z', '@rex', 'Reported for spam', 'Spam links'],
    ]);

    // The rest of a long timeline comes with "Load more" (the server's cursor).
    fireEvent.click(within(drawer).getByTestId('timeline-load-more'));
    await within(drawer).findByText('Resolved: content removed');
    expect(rows().slice(3)).toEqual([
      ['2026-11-26T10:00:00.000Z', '@mod', 'Resolved: content removed', 'Spam: removed'],
      ['2026-11-26T10:00:00.000Z', 'System', 'Hidden pending review (5 reporters)', null],
    ]);
    expect(within(drawer).queryByTestId('timeline-load-more')).toBeNull();
  });

  it('closes with Escape and with ×', async () => {
    api();
    renderApp({ url: '/content-moderation' });
    fireEvent.click(await screen.findByTestId('report-open-timeline'));
    await screen.findByTestId('timeline-drawer');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('timeline-drawer')).toBeNull();
    fireEvent.click(screen.getByTestId('report-open-timeline'));
    fireEvent.click(await screen.findByRole('button', { name: 'Close timeline' }));
    expect(screen.queryByTestId('timeline-drawer')).toBeNull();
  });
});
