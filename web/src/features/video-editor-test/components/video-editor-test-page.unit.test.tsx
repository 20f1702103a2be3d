import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { VideoEditorTestPage } from './video-editor-test-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openChecklist() {
  stubFetch((u) => (u === '/api/auth/user' ? json(200, testUser()) : json(404, { error: 'not_found', message: 'x' })));
  const rendered = renderApp({ url: '/video-editor-test' });
  await screen.findByRole('heading', { name: 'Video Editor Tests' });
  return rendered;
}

const counts = () =>
  ['passed', 'failed', 'pending'].map((c) =>
    Number(within(screen.getByTestId(`count-${c}`)).getByText(/^\d+$/).textContent),
  );
const press = (testId: string, verdict: 'Pass' | 'Fail') =>
  fireEvent.click(within(screen.getByTestId(`test-${testId}`)).getByRole('button', { name: verdict }));
const status = (testId: string) => within(screen.getByTestId(`test-${testId}`)).getByTestId('test-status').textContent;

describe('/video-editor-test', () => {
  it('lists the five manual tests, each with Pass and Fail, all pending at first', async () => {
    await openChecklist();
    const cards = screen.getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('test-'));
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Camera access',
      'Camera switch',
      'Face filters',
      'Video playback',
      'Filter effects',
    ]);
    for (const card of cards)
      expect(
        within(card)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Pass', 'Fail']);
    expect(counts()).toEqual([0, 0, 5]);
  });

  it('counts passed, failed and pending as verdicts are given, changed and taken back', async () => {
    await openChecklist();
    press('camera-access', 'Pass');
    expect([counts(), status('camera-access')]).toEqual([[1, 0, 4], 'Passed']);
    press('face-filters', 'Fail');
    expect([counts(), status('face-filters')]).toEqual([[1, 1, 3], 'Failed']);
    press('camera-access', 'Fail'); // changed
    expect(counts()).toEqual([0, 2, 3]);
    press('camera-access', 'Fail'); // pressed again: back to pending
    expect([counts(), status('camera-access')]).toEqual([[0, 1, 4], 'Pending']);
    for (const id of ['camera-access', 'camera-switch', 'video-playback', 'filter-effects']) press(id, 'Pass');
    expect(counts()).toEqual([4, 1, 0]);
  });

  it('keeps the verdicts for the tab, so a tester can go to the editor and come back', async () => {
    await openChecklist();
    press('video-playback', 'Pass');
    press('camera-switch', 'Fail');
    cleanup();
    await openChecklist();
    expect(counts()).toEqual([1, 1, 3]);
    expect([status('video-playback'), status('camera-switch')]).toEqual(['Passed', 'Failed']);
  });

  it('ignores saved results it cannot read', async () => {
    sessionStorage.setItem('myworld.video-editor-test', '{"camera-access":"maybe","unknown":"pass"');
    await openChecklist();
    expect(counts()).toEqual([0, 0, 5]);
  });

  it('"Launch Video Editor" opens /video-editor; back goes to /', () => {
    // The page alone, so the editor itself (another feature, with its camera) is not started here.
    const { location } = renderWithApp(<VideoEditorTestPage />, { url: '/video-editor-test' });
    fireEvent.click(screen.getByRole('button', { name: 'Launch Video Editor' }));
    expect(location.history.at(-1)).toBe('/video-editor');
    fireEvent.click(screen.getByTestId('back-button'));
    expect(location.history.at(-1)).toBe('/');
  });

  it('is for signed-in users only, like the editor: a visitor is sent to sign in first', async () => {
    stubFetch(signedOutApi());
    const { location } = renderApp({ url: '/video-editor-test' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?next=%2Fvideo-editor-test'));
  });
});
