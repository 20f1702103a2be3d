import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Report } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetLastPosition();
  appToasts.dismiss();
});

const at = '2026-11-26T10:00:00.000Z';
const testReport = (id: string, fields: Partial<Report> = {}): Report => ({
  id,
  contentType: 'text_post',
  contentId: `post-${id}`,
  reportReason: 'hate_speech',
  description: `about ${id}`,
  status: 'pending',
  moderatorNote: null,
  createdAt: at,
  updatedAt: at,
  reporter: { id: 'u1', username: 'ada', profileImageUrl: null },
  content: { id: `post-${id}`, type: 'text_post', title: null, description: null, user: null, visibility: 'visible' },
  ...fields,
});

/** A moderator's API: the queue as `reports` (by query string), PUT answered with `putStatus`. */
function api(reports: (params: URLSearchParams) => Report[] | 'forbidden', putStatus = 200) {
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return json(200, testUser());
    if (url.startsWith('/api/reports') && (init.method ?? 'GET') === 'GET') {
      const answer = reports(new URL(url, 'http://x').searchParams);
      return answer === 'forbidden'
        ? json(403, { error: 'forbidden', message: 'You do not have permission to do this.' })
        : json(200, answer);
    }
    if (url.startsWith('/api/reports/') && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      return putStatus === 200
        ? json(200, {
            id: url.split('/').pop(),
            status: body.status,
            moderatorNote: body.moderatorNote ?? null,
            updatedAt: at,
            position: null,
          })
        : json(putStatus, { error: 'illegal_transition', message: 'no' });
    }
    return json(404, { error: 'not_found', message: 'x' });
  });
}

const puts = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([u, init]) => [String(u), JSON.parse(String(init!.body))]);

describe('/content-moderation', () => {
  it('lists reports; the actions the report machine allows (Review only while pending), the note only on resolved and dismissed', async () => {
    api(() => [
      testReport('a'),
      testReport('b', { status: 'reviewing' }),
      testReport('c', { status: 'resolved', moderatorNote: 'Content removed for policy violation' }),
      testReport('d', { status: 'weird' as never }),
    ]);
    renderApp({ url: '/content-moderation' });
    const pending = await screen.findByTestId('report-a');
    const actions = (card: HTMLElement) =>
      within(card)
        .queryAllByRole('button')
        .filter((b) => b.dataset.testid?.startsWith('report-action-'));
    expect(actions(pending).map((b) => b.textContent)).toEqual(['Review', 'Remove Content', 'Dismiss']);
    // Under review, a report can still be removed or dismissed: never a dead end.
    expect(actions(screen.getByTestId('report-b')).map((b) => b.textContent)).toEqual(['Remove Content', 'Dismiss']);
    expect(actions(screen.getByTestId('report-c'))).toEqual([]);
    expect(within(screen.getByTestId('report-c')).getByTestId('report-note').textContent).toBe(
      'Content removed for policy violation',
    );
    expect(within(screen.getByTestId('report-a')).queryByTestId('report-note')).toBeNull();
    // Each item links to its page where it has one (a comment has none).
    expect(within(screen.getByTestId('report-a')).getByTestId('report-content-link').getAttribute('href')).toBe(
      '/post/post-a',
    );
    // An unknown status is displayed as pending.
    expect(within(screen.getByTestId('report-d')).getByTestId('report-status').textContent).toBe('pending');
  });

  it('Remove Content sends the default note and toasts "Action completed"', async () => {
    const fetch = api(() => [testReport('a')]);
    renderApp({ url: '/content-moderation' });
    fireEvent.click(await screen.findByTestId('report-action-remove'));
    expect(await screen.findByTestId('toast-title')).toHaveProperty('textContent', 'Action completed');
    expect(screen.getByTestId('toast-description').textContent).toBe('The moderation action has been processed.');
    expect(puts(fetch)).toEqual([
      ['/api/reports/a', { status: 'resolved', moderatorNote: 'Content removed for policy violation' }],
    ]);
  });

  it('a report under review is dismissed from the page with the default note', async () => {
    const fetch = api(() => [testReport('b', { status: 'reviewing' })]);
    renderApp({ url: '/content-moderation' });
    fireEvent.click(await screen.findByTestId('report-action-dismiss'));
    expect(await screen.findByTestId('toast-title')).toHaveProperty('textContent', 'Action completed');
    expect(puts(fetch)).toEqual([
      ['/api/reports/b', { status: 'dismissed', moderatorNote: 'No policy violation found' }],
    ]);
  });

  it('a failed action toasts "Error" / "Failed to process moderation action."', async () => {
    const fetch = api(() => [testReport('a')], 409);
    renderApp({ url: '/content-moderation' });
    fireEvent.click(await screen.findByTestId('report-action-dismiss'));
    expect(await screen.findByTestId('toast-title')).toHaveProperty('textContent', 'Error');
    expect(screen.getByTestId('toast-description').textContent).toBe('Failed to process moderation action.');
    expect(puts(fetch)).toEqual([
      ['/api/reports/a', { status: 'dismissed', moderatorNote: 'No policy violation found' }],
    ]);
  });

  it('filters by status and search, and says "No reports found" when nothing matches', async () => {
    const fetch = api((p) =>
      p.get('status') === 'dismissed' || p.get('search') === 'nothing' ? [] : [testReport('a')],
    );
    renderApp({ url: '/content-moderation' });
    await screen.findByTestId('report-a');
    fireEvent.click(screen.getByTestId('reports-status-dismissed'));
    expect((await screen.findByTestId('reports-empty')).textContent).toBe('No reports found');
    fireEvent.click(screen.getByTestId('reports-status-all'));
    await screen.findByTestId('report-a');
    fireEvent.change(screen.getByTestId('reports-search'), { target: { value: 'nothing' } });
    await screen.findByTestId('reports-empty');
    const gets = fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/reports'));
    expect(gets).toEqual(
      expect.arrayContaining(['/api/reports', '/api/reports?status=dismissed', '/api/reports?search=nothing']),
    );
  });

  it('someone who is not a moderator sees the permission message', async () => {
    api(() => 'forbidden');
    renderApp({ url: '/content-moderation' });
    await waitFor(() =>
      expect(screen.getByTestId('moderation-denied').textContent).toBe(
        'You do not have permission to view the moderation queue.',
      ),
    );
    expect(screen.queryByTestId('reports-search')).toBeNull();
  });
});
