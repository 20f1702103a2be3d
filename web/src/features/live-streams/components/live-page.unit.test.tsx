import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LiveStream, UpcomingStream } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testLiveStream, testUser } from '../../../testing/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stream = (overrides: Partial<LiveStream> = {}): LiveStream =>
  testLiveStream({ viewerCount: 1234, startedAt: new Date(Date.now() - 65 * 60_000).toISOString(), ...overrides });

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
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'General',
      'Gaming',
      'Music',
      'Art',
      'Chat',
      'Dance',
      'Cooking',
      'Fitness',
      'Education',
    ]);
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

const later = (overrides: Partial<UpcomingStream> = {}): UpcomingStream => ({
  ...stream({
    id: 'b8a0c7de-0000-4000-8000-000000000002',
    userId: 'u2',
    title: 'Later',
    isActive: false,
    isScheduled: true,
    scheduledFor: '2030-01-01T10:00:00.000Z',
    startedAt: null,
  }),
  reminderCount: 0,
  reminded: false,
  ...overrides,
});
const upcomingAnswer = (streams: UpcomingStream[]) => json(200, { streams, nextCursor: null });

describe('/live-streams (listing variant a)', () => {
  it('splits Live Now and Upcoming Streams (Remind Me) and links Start Streaming to /go-live', async () => {
    stubFetch((url) =>
      url === '/api/auth/user'
        ? json(200, testUser())
        : url === '/api/live-streams'
          ? json(200, [stream()])
          : url.startsWith('/api/streams/upcoming')
            ? upcomingAnswer([later()])
            : json(404, { error: 'not_found', message: 'x' }),
    );
    renderApp({ url: '/live-streams' });
    expect(await screen.findByTestId('stream-card')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Live Now' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upcoming Streams' })).toBeTruthy();
    expect((await screen.findByTestId('upcoming-stream')).textContent).toContain('Later');
    expect(screen.getByRole('button', { name: 'Remind Me' })).toBeTruthy();
    expect(screen.getByTestId('start-streaming').getAttribute('href')).toBe('/go-live');
  });
});

describe('/live Upcoming Streams', () => {
  it('lists scheduled streams with @streamer and the start time; Remind Me toggles POST / DELETE remind', async () => {
    let reminded = false;
    const fetch = stubFetch((url, init) => {
      if (url === '/api/auth/user') return json(200, testUser());
      if (url === '/api/streams/active/all') return json(200, []);
      if (url.startsWith('/api/streams/upcoming'))
        return upcomingAnswer([later({ reminded, reminderCount: reminded ? 1 : 0 })]);
      if (url === `/api/streams/${later().id}/remind`) {
        reminded = init.method === 'POST';
        return json(200, { streamId: later().id, reminded, position: null });
      }
      return json(404, { error: 'not_found', message: 'x' });
    });
    renderApp({ url: '/live' });
    const section = await screen.findByTestId('upcoming-streams');
    const item = await screen.findByTestId('upcoming-stream');
    expect(section.contains(item)).toBe(true);
    expect(item.getAttribute('data-upcoming-stream-id')).toBe(later().id);
    expect(item.textContent).toContain('Later');
    expect(item.textContent).toContain('@dj');
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe('2030-01-01T10:00:00.000Z');

    const button = screen.getByTestId('remind-me');
    expect(button.textContent).toBe('Remind Me');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('remind-me').textContent).toBe('Reminder set'));
    expect(screen.getByTestId('remind-me').getAttribute('aria-pressed')).toBe('true');
    const remindCalls = () =>
      fetch.mock.calls.filter(([u]) => String(u).endsWith('/remind')).map(([, init]) => init?.method);
    expect(remindCalls()).toEqual(['POST']);

    await waitFor(() => expect((screen.getByTestId('remind-me') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('remind-me'));
    await waitFor(() => expect(screen.getByTestId('remind-me').textContent).toBe('Remind Me'));
    expect(screen.getByTestId('remind-me').getAttribute('aria-pressed')).toBe('false');
    expect(remindCalls()).toEqual(['POST', 'DELETE']);
  });

  it('sends visitors who press Remind Me to /login; the owner gets Go Live to /go-live?scheduled={id}', async () => {
    const fetch = stubFetch(
      signedOutApi((url) => (url.startsWith('/api/streams/upcoming') ? upcomingAnswer([later()]) : json(200, []))),
    );
    const visitor = renderApp({ url: '/live' });
    fireEvent.click(await screen.findByTestId('remind-me'));
    await waitFor(() => expect(visitor.location.history.at(-1)).toBe('/login'));
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/remind'))).toBe(false);
    cleanup();

    stubFetch((url) =>
      url === '/api/auth/user'
        ? json(200, testUser({ id: 'u2' }))
        : url.startsWith('/api/streams/upcoming')
          ? upcomingAnswer([later()])
          : json(200, []),
    );
    renderApp({ url: '/live' });
    const goLive = await screen.findByTestId('go-live-scheduled');
    expect(goLive.getAttribute('href')).toBe(`/go-live?scheduled=${later().id}`);
    expect(screen.queryByTestId('remind-me')).toBeNull();
  });
});
