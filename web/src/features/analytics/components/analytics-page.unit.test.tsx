import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsResponse, CurrentUser, Profile } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';

/** The browser's time zone, which the page sends so the chart's days are the viewer's. */
const ZONE = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const ADA_ID = '0b6f4c1e-2f0a-4a57-9d3e-5a1c2b3d4e5f';

function testAnalytics(overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  return {
    timeframe: '7d',
    asOf: null,
    windowStart: '2026-11-19T10:00:00.000Z',
    windowEnd: '2026-11-26T10:00:00.000Z',
    generatedAt: '2026-11-26T10:00:00.000Z',
    overview: {
      totalViews: 1500,
      viewsChange: 12.5,
      totalLikes: 1_000_000,
      likesChange: -4,
      totalComments: 999,
      commentsChange: 0,
      followerCount: 42,
      followersChange: null,
      engagementRate: 4.25,
    },
    topContent: [
      {
        id: 'p1',
        type: 'video',
        title: 'Sunset timelapse',
        createdAt: '2026-11-20T10:00:00.000Z',
        views: 12_000,
        likes: 800,
        comments: 40,
        engagementRate: 6.5,
      },
      {
        id: 'p2',
        type: 'text',
        content: 'Hello world',
        createdAt: '2026-11-21T10:00:00.000Z',
        views: 300,
        likes: 12,
        comments: 3,
        engagementRate: 4.8,
      },
    ],
    demographics: {
      ageGroups: [
        { range: '18-24', percentage: 60 },
        { range: '25-34', percentage: 40 },
      ],
      devices: [
        { device: 'mobile', percentage: 75 },
        { device: 'desktop', percentage: 25 },
      ],
      countries: [{ country: 'Germany', percentage: 100 }],
    },
    recommendations: [
      {
        title: 'Post at 18:00',
        description: 'Your posts get most views in the evening.',
        impact: 'high',
        actionable: true,
      },
    ],
    viewsOverTime: [
      { at: '2026-11-25T00:00:00.000Z', views: 500, likes: 20, comments: 1 },
      { at: '2026-11-26T00:00:00.000Z', views: 1000, likes: 30, comments: 2 },
    ],
    ...overrides,
  };
}

const ada = {
  id: ADA_ID,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'L',
  bio: null,
  aboutMe: null,
  profileImageUrl: null,
  backgroundImageUrl: null,
  backgroundColor: '#fff',
  textColor: '#000',
  followerCount: 0,
  followingCount: 0,
  postCount: 0,
  isFollowing: false,
  isSelf: false,
} satisfies Profile;

type Answer = AnalyticsResponse | number;

/** The API: the signed-in `user`, analytics per request (or a status), and one known creator, @ada. */
function api(analytics: (userId: string, params: URLSearchParams) => Answer, user: CurrentUser = testUser()) {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, user);
    if (url === '/api/users/ada/profile') return json(200, ada);
    if (url.startsWith('/api/users/')) return json(404, { error: 'not_found', message: 'User not found' });
    if (url.startsWith('/api/analytics/')) {
      const parsed = new URL(url, 'http://x');
      const answer = analytics(decodeURIComponent(parsed.pathname.split('/').pop()!), parsed.searchParams);
      return typeof answer === 'number'
        ? json(answer, { error: 'x', message: 'You do not have permission to do this.' })
        : json(200, answer);
    }
    return json(404, { error: 'not_found', message: 'x' });
  });
}

const analyticsCalls = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/analytics/'));
const value = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;
const tableRows = (testId: string) =>
  within(screen.getByTestId(`${testId}-table`))
    .getAllByRole('row')
    .slice(1)
    .map((r) => Array.from(r.children).map((c) => c.textContent));

describe('/analytics', () => {
  it("opens on the Overview of the user's own last 7 days, numbers shortened with K and M", async () => {
    const fetch = api(() => testAnalytics());
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    expect(analyticsCalls(fetch)).toEqual([`/api/analytics/u1?timeframe=7d&timeZone=${ZONE}`]);
    expect((screen.getByTestId('analytics-timeframe') as HTMLSelectElement).value).toBe('7d');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Top Content',
      'Audience',
      'AI Insights',
    ]);
    expect([value('metric-views'), value('metric-likes'), value('metric-comments'), value('metric-followers')]).toEqual(
      ['1.5K', '1M', '999', '42'],
    );
  });

  it('shows each change with its arrow ("New" with nothing to compare with), and the engagement rate beside the 3.2% industry average', async () => {
    api(() => testAnalytics());
    renderApp({ url: '/analytics' });
    const views = await screen.findByTestId('metric-views-change');
    expect([views.dataset.direction, views.textContent]).toEqual(['up', '↑ 12.5%']);
    expect(views.getAttribute('aria-label')).toBe('Up 12.5% from the previous period');
    expect(screen.getByTestId('metric-likes-change').textContent).toBe('↓ 4%');
    expect(screen.getByTestId('metric-comments-change').dataset.direction).toBe('flat');
    const followers = screen.getByTestId('metric-followers-change');
    expect([followers.dataset.direction, followers.textContent]).toEqual(['new', 'New']);
    expect(value('metric-engagement')).toBe('4.3%');
    expect(screen.getByTestId('industry-average').textContent).toBe('Industry average: 3.2%');
  });

  it('charts views over time as a labelled figure carrying its figures', async () => {
    api(() => testAnalytics());
    renderApp({ url: '/analytics' });
    const chart = await screen.findByTestId('views-chart');
    expect(chart.getAttribute('aria-label')).toBe('Views over time');
    expect(screen.getByRole('group', { name: 'Views over time' })).toBe(chart);
    expect(chart.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(tableRows('views-chart').map(([, views]) => views)).toEqual(['500', '1K']);
  });

  it('switching the timeframe asks for it', async () => {
    const fetch = api((_, p) =>
      testAnalytics({
        timeframe: p.get('timeframe') as AnalyticsResponse['timeframe'],
        overview: { ...testAnalytics().overview, totalViews: p.get('timeframe') === '30d' ? 2_500_000 : 1500 },
      }),
    );
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    fireEvent.change(screen.getByTestId('analytics-timeframe'), { target: { value: '30d' } });
    await waitFor(() => expect(value('metric-views')).toBe('2.5M'));
    expect(analyticsCalls(fetch)).toEqual([
      `/api/analytics/u1?timeframe=7d&timeZone=${ZONE}`,
      `/api/analytics/u1?timeframe=30d&timeZone=${ZONE}`,
    ]);
  });

  it('Top Content lists the posts with their figures', async () => {
    api(() => testAnalytics());
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    fireEvent.click(screen.getByTestId('analytics-tab-top-content'));
    expect(screen.getByTestId('analytics-tab-top-content').getAttribute('aria-selected')).toBe('true');
    const first = screen.getByTestId('top-content-p1');
    expect(first.textContent).toContain('Sunset timelapse');
    expect(within(first).getByTestId('top-content-views').textContent).toBe('12K');
    expect(screen.getByTestId('top-content-p2').textContent).toContain('Hello world');
  });

  it('Audience charts age groups, devices and locations', async () => {
    api(() => testAnalytics());
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    fireEvent.click(screen.getByTestId('analytics-tab-audience'));
    expect(tableRows('age-groups-chart')).toEqual([
      ['18-24', '60%'],
      ['25-34', '40%'],
    ]);
    expect(tableRows('devices-chart')).toEqual([
      ['mobile', '75%'],
      ['desktop', '25%'],
    ]);
    expect(tableRows('countries-chart')).toEqual([['Germany', '100%']]);
    for (const name of ['Age groups', 'Devices', 'Top locations'])
      expect(screen.getByRole('group', { name }).querySelector('svg.recharts-surface')).not.toBeNull();
  });

  it('AI Insights lists the recommendations with their impact', async () => {
    api(() => testAnalytics());
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    fireEvent.click(screen.getByTestId('analytics-tab-insights'));
    const insight = screen.getByTestId('insight');
    expect(insight.textContent).toContain('Post at 18:00');
    expect(within(insight).getByTestId('insight-impact').textContent).toBe('High impact');
  });

  it('says the empty-state words when there is no data', async () => {
    api(() =>
      testAnalytics({
        topContent: [],
        demographics: { ageGroups: [], devices: [], countries: [] },
        recommendations: [],
      }),
    );
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    fireEvent.click(screen.getByTestId('analytics-tab-top-content'));
    expect(screen.getByTestId('top-content-empty').textContent).toBe('No content data available');
    fireEvent.click(screen.getByTestId('analytics-tab-audience'));
    expect(screen.getByTestId('age-groups-chart-empty').textContent).toBe('No demographic data available');
    expect(screen.getByTestId('devices-chart-empty').textContent).toBe('No device data available');
    expect(screen.getByTestId('countries-chart-empty').textContent).toBe('No location data available');
    expect(screen.queryByTestId('age-groups-chart')).toBeNull();
    fireEvent.click(screen.getByTestId('analytics-tab-insights'));
    expect(screen.getByTestId('insights-empty')).toBeTruthy();
  });

  it('shows a spinner while loading and a message when the figures cannot be loaded', async () => {
    api(() => 500);
    renderApp({ url: '/analytics' });
    expect(await screen.findByTestId('analytics-loading')).toBeTruthy();
    expect((await screen.findByTestId('analytics-error')).textContent).toBe('Analytics could not be loaded.');
  });

  it('offers the creator picker to analysts only', async () => {
    api(() => testAnalytics());
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    expect(screen.queryByTestId('analytics-picker')).toBeNull();
  });

  it('an analyst sees another creator by username, as of a past time', async () => {
    const fetch = api(
      (userId, p) =>
        testAnalytics({
          asOf: p.get('asOf'),
          overview: { ...testAnalytics().overview, totalViews: userId === ADA_ID ? 7 : 1500 },
        }),
      testUser({ roles: ['analyst'] }),
    );
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    fireEvent.change(screen.getByTestId('analytics-creator'), { target: { value: '@ada' } });
    fireEvent.change(screen.getByTestId('analytics-as-of'), { target: { value: '2026-11-20T10:00' } });
    fireEvent.click(screen.getByTestId('analytics-show'));
    await waitFor(() => expect(value('metric-views')).toBe('7'));
    expect(screen.getByTestId('analytics-viewing').textContent).toBe('Viewing @ada');
    const asOf = new Date('2026-11-20T10:00').toISOString();
    expect(analyticsCalls(fetch).at(-1)).toBe(
      `/api/analytics/${ADA_ID}?timeframe=7d&timeZone=${ZONE}&asOf=${encodeURIComponent(asOf)}`,
    );
    expect(screen.getByTestId('analytics-as-of-note').textContent).toMatch(/^As of Nov 20, 2026/);
  });

  it('says so when the username is unknown, or the server refuses another creator (403)', async () => {
    api((userId) => (userId === ADA_ID ? 403 : testAnalytics()), testUser({ roles: ['analyst'] }));
    renderApp({ url: '/analytics' });
    await screen.findByTestId('metric-views');
    fireEvent.change(screen.getByTestId('analytics-creator'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByTestId('analytics-show'));
    expect((await screen.findByTestId('analytics-error')).textContent).toBe('No creator has that username.');
    fireEvent.change(screen.getByTestId('analytics-creator'), { target: { value: 'ada' } });
    fireEvent.click(screen.getByTestId('analytics-show'));
    await waitFor(() =>
      expect(screen.getByTestId('analytics-error').textContent).toBe(
        "You need the analyst role to see another creator's analytics.",
      ),
    );
  });
});
