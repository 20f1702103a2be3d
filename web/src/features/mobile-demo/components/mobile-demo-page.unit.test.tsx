import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { SAMPLE_POSTS, SAMPLE_STORIES } from '../lib/sample-data.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens /mobile-test (the app's session check is the only request there) and waits for the splash. */
async function openDemo(signedIn = false) {
  const fetch = stubFetch(
    signedIn
      ? (u) => (u === '/api/auth/user' ? json(200, testUser()) : json(404, { error: 'not_found', message: 'x' }))
      : signedOutApi(),
  );
  const rendered = renderApp({ url: '/mobile-test' });
  await screen.findByRole('button', { name: 'Enter MyWorld' });
  return { ...rendered, fetch };
}

const enter = () => fireEvent.click(screen.getByRole('button', { name: 'Enter MyWorld' }));
const postTexts = () =>
  screen.getAllByTestId('demo-post').map((p) => within(p).getByTestId('demo-post-text').textContent);

function openComposer(option: 'Text' | 'Photo/Video' | 'Go Live') {
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  fireEvent.click(
    within(screen.getByTestId('demo-create-sheet')).getByRole('button', {
      name: new RegExp(`^${option.replace('/', '\\/')}`),
    }),
  );
  return screen.getByTestId('demo-composer');
}
const submitButton = (composer: HTMLElement) =>
  within(composer).getByRole('button', { name: /^(Post|Go Live)$/ }) as HTMLButtonElement;

describe('/mobile-test', () => {
  it('starts on the splash, then "Enter MyWorld" shows the stories and the sample feed', async () => {
    await openDemo();
    expect(screen.getByTestId('demo-splash')).toBeTruthy();
    expect(screen.queryByTestId('demo-feed')).toBeNull();
    enter();
    expect(screen.queryByTestId('demo-splash')).toBeNull();
    expect(within(screen.getByTestId('demo-stories')).getAllByRole('button')).toHaveLength(SAMPLE_STORIES.length);
    expect(postTexts()).toEqual(SAMPLE_POSTS.map((p) => p.text));
  });

  it('a story opens full screen and closes; a like counts locally', async () => {
    await openDemo();
    enter();
    fireEvent.click(screen.getByRole('button', { name: 'Story by Leo Martins' }));
    expect(within(screen.getByTestId('demo-story-view')).getByText('Skatepark at 7am, nobody here yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close story' }));
    expect(screen.queryByTestId('demo-story-view')).toBeNull();
    const aisha = screen.getAllByTestId('demo-post')[2]!;
    const like = within(aisha).getByRole('button', { name: 'Like' });
    expect(like.textContent).toBe(' 864');
    fireEvent.click(like);
    expect([like.textContent, like.getAttribute('aria-pressed')]).toEqual([' 865', 'true']);
  });

  it('the create sheet offers Text, Photo/Video and Go Live', async () => {
    await openDemo();
    enter();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const labels = [...screen.getByTestId('demo-create-sheet').querySelectorAll('.demo-create-option__label')].map(
      (l) => l.textContent,
    );
    expect(labels).toEqual(['Text', 'Photo/Video', 'Go Live']);
  });

  it.each(['Text', 'Photo/Video', 'Go Live'] as const)(
    '%s refuses blank text: the button stays off and a submit says why',
    async (option) => {
      await openDemo();
      enter();
      const composer = openComposer(option);
      expect(submitButton(composer).disabled).toBe(true);
      fireEvent.change(within(composer).getByRole('textbox'), { target: { value: '  \n\t ' } });
      expect(submitButton(composer).disabled).toBe(true);
      fireEvent.submit(composer);
      expect(within(composer).getByRole('alert').textContent).toBe('Write something before you post.');
      expect(postTexts()).toEqual(SAMPLE_POSTS.map((p) => p.text));
    },
  );

  it('a demo post appears at the top of the feed, trimmed, and the sheet closes', async () => {
    await openDemo();
    enter();
    let composer = openComposer('Text');
    fireEvent.change(within(composer).getByRole('textbox'), { target: { value: '  Hello from the demo!  ' } });
    fireEvent.click(submitButton(composer));
    expect(screen.queryByTestId('demo-create-sheet')).toBeNull();
    expect(postTexts()[0]).toBe('Hello from the demo!');

    composer = openComposer('Go Live');
    fireEvent.change(within(composer).getByRole('textbox'), { target: { value: 'Sketching live' } });
    fireEvent.click(submitButton(composer));
    const top = screen.getAllByTestId('demo-post')[0]!;
    expect(within(top).getByTestId('demo-post-text').textContent).toBe('Sketching live');
    expect(within(top).getByText('LIVE · 0 watching')).toBeTruthy();
    expect(postTexts()).toHaveLength(SAMPLE_POSTS.length + 2);
  });

  it('makes no request after load, through the whole flow, and loads nothing from elsewhere', async () => {
    const xhr = vi.fn();
    const socket = vi.fn();
    const events = vi.fn();
    const beacon = vi.fn(() => true);
    vi.stubGlobal('XMLHttpRequest', xhr);
    vi.stubGlobal('WebSocket', socket);
    vi.stubGlobal('EventSource', events);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon: beacon }));
    const { fetch } = await openDemo();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/user', expect.anything()));
    const atLoad = fetch.mock.calls.length;

    enter();
    fireEvent.click(screen.getByRole('button', { name: 'Story by Maya Chen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close story' }));
    fireEvent.click(within(screen.getAllByTestId('demo-post')[0]!).getByRole('button', { name: 'Like' }));
    let composer = openComposer('Text');
    fireEvent.submit(composer);
    fireEvent.change(within(composer).getByRole('textbox'), { target: { value: 'First demo post' } });
    fireEvent.click(submitButton(composer));
    composer = openComposer('Photo/Video');
    fireEvent.click(within(composer).getByRole('button', { name: 'Sample clip: wave' }));
    fireEvent.change(within(composer).getByRole('textbox'), { target: { value: 'At the beach' } });
    fireEvent.click(submitButton(composer));
    composer = openComposer('Go Live');
    fireEvent.change(within(composer).getByRole('textbox'), { target: { value: 'Live from the demo' } });
    fireEvent.click(submitButton(composer));
    expect(postTexts().slice(0, 3)).toEqual(['Live from the demo', 'At the beach', 'First demo post']);
    // Give anything scheduled (timers, refetches) a chance to fire before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(fetch.mock.calls.slice(atLoad)).toEqual([]);
    expect([xhr, socket, events, beacon].map((m) => m.mock.calls.length)).toEqual([0, 0, 0, 0]);
    const remote = [...document.querySelectorAll('[src], link[href], [style*="url("]')].map((e) =>
      e.outerHTML.slice(0, 80),
    );
    expect(remote).toEqual([]);
  });

  it('is open to signed-in users too, and "Exit demo" leaves for /', async () => {
    const { location } = await openDemo(true);
    enter();
    fireEvent.click(screen.getByRole('link', { name: 'Exit demo' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});
