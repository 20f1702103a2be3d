import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LiveStream } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stream = (overrides: Partial<LiveStream> = {}): LiveStream => ({
  id: '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01',
  userId: 'u2',
  title: 'Morning jam',
  description: '',
  category: 'music',
  tags: [],
  allowDuets: true,
  thumbnailUrl: null,
  viewerCount: 1234,
  totalGiftsReceived: 0,
  isActive: true,
  isScheduled: false,
  scheduledFor: null,
  startedAt: new Date(Date.now() - 65 * 60_000).toISOString(),
  endedAt: null,
  streamerUsername: 'dj',
  duetPartnerId: null,
  user: { username: 'dj', profileImageUrl: null, isVerified: false },
  ...overrides,
});

describe('/live (listing variant b)', () => {
  it('lists active streams as cards to /stream/{id} with K viewer counts; chips filter by category', async () => {
    const fetch = stubFetch(
      signedOutApi((url) => {
        if (url === '/api/streams/active/all') return json(200, [stream()]);
        if (url === '/api/streams/active?category=gaming') return json(200, []);
        return json(404, { error: 'not_found', message: 'x' });
      }),
    );
    renderApp({ url: '/live' });
    const card = await screen.findByTestId('stream-card');
    expect(card.getAttribute('href')).toBe('/stream/7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01');
    expect(card.textContent).toContain('Morning jam');
    expect(card.textContent).toContain('1.2K');
    expect(card.textContent).toContain('@dj · 1h 5m');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'General', 'Gaming', 'Music', 'Art', 'Chat', 'Dance', 'Cooking', 'Fitness', 'Education']);
    fireEvent.click(screen.getByTestId('category-gaming'));
    expect(await screen.findByText('No live streams right now')).toBeTruthy();
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/streams/active?category=gaming');
  });

  it('Go Live sends visitors to /login and signed-in users to /go-live', async () => {
    stubFetch(signedOutApi(() => json(200, [])));
    const visitor = renderApp({ url: '/live' });
    fireEvent.click(await screen.findByTestId('go-live-button'));
    await waitFor(() => expect(visitor.location.history.at(-1)).toBe('/login'));
    cleanup();
    stubFetch((url) => (url === '/api/auth/user' ? json(200, testUser()) : json(200, [])));
    const member = renderApp({ url: '/live' });
    fireEvent.click(await screen.findByTestId('go-live-button'));
    await waitFor(() => expect(member.location.history.at(-1)).toBe('/go-live'));
  });
});

describe('/live-streams (listing variant a)', () => {
  it('splits Live Now and Upcoming Streams (Remind Me) and links Start Streaming to /go-live', async () => {
    stubFetch((url) =>
      url === '/api/auth/user'
        ? json(200, testUser())
        : url === '/api/live-streams'
          ? json(200, [stream(), stream({ id: 'b8a0c7de-0000-4000-8000-000000000002', title: 'Later', isActive: false, isScheduled: true, scheduledFor: '2030-01-01T10:00:00.000Z', startedAt: null })])
          : json(404, { error: 'not_found', message: 'x' }),
    );
    renderApp({ url: '/live-streams' });
    expect(await screen.findByTestId('stream-card')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Live Now' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upcoming Streams' })).toBeTruthy();
    expect(screen.getByTestId('upcoming-stream').textContent).toContain('Later');
    expect(screen.getByRole('button', { name: 'Remind Me' })).toBeTruthy();
    expect(screen.getByTestId('start-streaming').getAttribute('href')).toBe('/go-live');
  });
});
