import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { camera } from '../lib/camera.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  camera.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedIn = () => stubFetch((url) => (url === '/api/auth/user' ? json(200, testUser()) : json(404, { error: 'not_found', message: 'Not found' })));
const toastTitle = () => screen.getByTestId('toast-title').textContent;

/** A browser whose camera answers getUserMedia with `answer`. */
function stubCamera(answer: () => Promise<MediaStream>) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(answer), enumerateDevices: vi.fn(async () => [{ kind: 'videoinput', deviceId: 'cam1', label: 'Front' }]) } });
}

describe('/go-live', () => {
  it('shows visitors a sign-in-required card linking to /login', async () => {
    stubFetch(signedOutApi());
    renderApp({ url: '/go-live' });
    const card = await screen.findByTestId('sign-in-required');
    expect(card.textContent).toContain('Sign in required');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('prepares: Camera Setup with Enable Camera, camera Not Ready, Go Live disabled; Enter without a title says Title Required', async () => {
    signedIn();
    renderApp({ url: '/go-live' });
    expect(await screen.findByRole('heading', { name: 'Prepare to Go Live' })).toBeTruthy();
    expect(screen.getByText('Camera Setup')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable Camera' })).toBeTruthy();
    expect(screen.getByTestId('camera-status').textContent).toBe('Not Ready');
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('allow-duets') as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['General', 'Gaming', 'Music', 'Art', 'Chat', 'Dance', 'Cooking', 'Fitness', 'Education']);
    expect(screen.getByRole('group', { name: 'Face filters' }).querySelectorAll('button')).toHaveLength(6);
    // Front/back are disabled with fewer than two cameras.
    expect((screen.getByTestId('facing-back') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.submit(screen.getByTestId('stream-title').closest('form')!);
    await waitFor(() => expect(toastTitle()).toBe('Title Required'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Please enter a title for your live stream');
  });

  it('takes the /upload hub\'s draft from the query string (an unknown category falls back to General)', async () => {
    signedIn();
    renderApp({ url: '/go-live?title=Jam%20session&description=Bring%20tea&category=music' });
    expect(((await screen.findByTestId('stream-title')) as HTMLInputElement).value).toBe('Jam session');
    expect(screen.getByDisplayValue('Bring tea')).toBeTruthy();
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('music');
    cleanup();
    signedIn();
    renderApp({ url: '/go-live?title=x&category=karaoke' });
    expect(((await screen.findByRole('combobox')) as HTMLSelectElement).value).toBe('general');
  });

  it('with a title but no camera says Camera Required', async () => {
    signedIn();
    renderApp({ url: '/go-live' });
    fireEvent.change(await screen.findByTestId('stream-title'), { target: { value: 'My stream' } });
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('stream-title').closest('form')!);
    await waitFor(() => expect(toastTitle()).toBe('Camera Required'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Please enable your camera before starting the stream');
  });

  it('a denied camera shows the notice to allow camera access in the browser settings', async () => {
    signedIn();
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderApp({ url: '/go-live' });
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Camera' }));
    expect((await screen.findByTestId('camera-denied')).textContent).toBe('Camera access denied. Please check your browser settings and allow camera access for this site.');
    await waitFor(() => expect(toastTitle()).toBe('Camera Access Failed'));
  });

  it('a granted camera is Ready, cycles the nine filters and enables Go Live once titled', async () => {
    signedIn();
    const track = { kind: 'video', enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId: 'cam1' }) };
    // happy-dom's MediaStream holds no tracks of its own: give it the fake camera's.
    const media = Object.assign(new MediaStream(), { getTracks: () => [track], getVideoTracks: () => [track], getAudioTracks: () => [] });
    stubCamera(async () => media);
    renderApp({ url: '/go-live' });
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Camera' }));
    await waitFor(() => expect(screen.getByTestId('camera-status').textContent).toBe('Ready'));
    expect(screen.queryByTestId('switch-camera')).toBeNull(); // one camera only
    expect(screen.getByTestId('facing-badge').textContent).toBe('Front');
    const seen = [];
    for (let i = 0; i < 9; i++) {
      seen.push(screen.getByTestId('filter-badge').textContent);
      fireEvent.click(screen.getByTestId('cycle-filter'));
    }
    expect(seen).toEqual(['None', 'Soft Blur', 'Vintage', 'Vibrant', 'High Contrast', 'Bright', 'Color Shift', 'Black & White', 'Invert']);
    expect(screen.getByTestId('filter-badge').textContent).toBe('None');
    fireEvent.click(screen.getByTestId('toggle-video'));
    expect(track.enabled).toBe(false);
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('stream-title'), { target: { value: 'My stream' } });
    expect((screen.getByTestId('go-live') as HTMLButtonElement).disabled).toBe(false);
  });
});
