import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportFigures, ReportStats } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figures = (fields: Partial<ReportFigures>): ReportFigures => ({
  filed: 0,
  byReason: {
    spam: 0,
    harassment: 0,
    hate_speech: 0,
    violence: 0,
    nudity: 0,
    misinformation: 0,
    copyright: 0,
    other: 0,
  },
  byStatus: { pending: 0, reviewing: 0, resolved: 0, dismissed: 0 },
  closed: 0,
  medianResolutionSeconds: null,
  ...fields,
});

const stats = (bucket: 'day' | 'week'): ReportStats => ({
  from: '2025-03-03T00:00:00.000Z',
  to: '2025-03-05T00:00:00.000Z',
  bucket,
  buckets: [
    {
      start: '2025-03-03T00:00:00.000Z',
      ...figures({
        filed: 3,
        byStatus: { pending: 1, reviewing: 0, resolved: 2, dismissed: 0 },
        closed: 2,
        medianResolutionSeconds: 7200,
      }),
    },
    {
      start: '2025-03-04T00:00:00.000Z',
      ...figures({ filed: 1, byStatus: { pending: 0, reviewing: 1, resolved: 0, dismissed: 0 } }),
    },
  ],
  overall: figures({
    filed: 4,
    byReason: {
      spam: 3,
      harassment: 1,
      hate_speech: 0,
      violence: 0,
      nudity: 0,
      misinformation: 0,
      copyright: 0,
      other: 0,
    },
    closed: 2,
    medianResolutionSeconds: 7200,
  }),
});

function api() {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, testUser({ roles: ['moderator'] }));
    if (url === '/api/reports') return json(200, []);
    if (url.startsWith('/api/reports/stats?'))
      return json(200, stats(new URL(url, 'http://x').searchParams.get('bucket') === 'week' ? 'week' : 'day'));
    return json(404, { error: 'not_found', message: 'x' });
  });
}

const table = (testId: string) =>
  within(screen.getByTestId(`${testId}-table`))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.children].map((c) => c.textContent));

describe('the Analytics tab', () => {
  it('charts reports by reason, by status over time and the median time to resolution, for the last 30 days by day', async () => {
    const fetch = api();
    renderApp({ url: '/content-moderation' });
    fireEvent.click(await screen.findByTestId('moderation-tab-analytics', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('stats-summary', {}, { timeout: 5000 })).textContent).toBe(
      '4 reports filed · Overall median: 2 h',
    );
    for (const id of ['stats-by-reason', 'stats-by-status', 'stats-resolution'])
      expect(screen.getByTestId(id).querySelector('svg.recharts-surface')).not.toBeNull();
    expect(table('stats-by-reason').slice(0, 2)).toEqual([
      ['Spam', '3'],
      ['Harassment', '1'],
    ]);
    expect(table('stats-by-status')).toEqual([
      ['Mar 3', '1', '0', '2', '0'],
      ['Mar 4', '0', '1', '0', '0'],
    ]);
    expect(table('stats-resolution')).toEqual([
      ['Mar 3', '2 h'],
      ['Mar 4', '—'],
    ]);
    const asked = new URL(
      String(fetch.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/reports/stats'))),
      'http://x',
    ).searchParams;
    expect(asked.get('bucket')).toBe('day');
    expect(new Date(asked.get('to')!).getTime() - new Date(asked.get('from')!).getTime()).toBe(30 * 86_400_000);
  });

  it('asks again by week, and for another period', async () => {
    const fetch = api();
    renderApp({ url: '/content-moderation' });
    fireEvent.click(await screen.findByTestId('moderation-tab-analytics', {}, { timeout: 5000 }));
    await screen.findByTestId('stats-summary', {}, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('stats-bucket-week'));
    await waitFor(() => expect(table('stats-by-status')[0]![0]).toBe('Week of Mar 3'));
    fireEvent.click(screen.getByTestId('stats-period-7'));
    await waitFor(() => {
      const last = new URL(
        String(
          fetch.mock.calls
            .map(([u]) => String(u))
            .filter((u) => u.startsWith('/api/reports/stats'))
            .pop(),
        ),
        'http://x',
      ).searchParams;
      expect(new Date(last.get('to')!).getTime() - new Date(last.get('from')!).getTime()).toBe(7 * 86_400_000);
      expect(last.get('bucket')).toBe('week');
    });
  });
});
