import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@myworld/schemas';
import { renderApp, renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { chooseInUploader } from '../../../testing/choose-in-uploader.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { CustomizeProfileModal } from './customize-profile-modal.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const PRESIGNED = 'http://store.test/myworld-media/uploads/u1/new.png?X-Amz-Signature=sig';
const UPLOADED = 'http://store.test/myworld-media/uploads/u1/new.png';
const OBJECT_PATH = '/objects/uploads/u1/new.png';

type Handler = (init: RequestInit) => Response | Promise<Response>;

/**
 * The API for one signed-in user: PUT /api/profile/customize (once `saved` resolves) applies the
 * body and answers the user with an X-Position; `routes` answers anything else (by "METHOD path").
 */
function api(
  user: Partial<CurrentUser> = {},
  routes: Record<string, Handler> = {},
  saved: Promise<void> = Promise.resolve(),
) {
  let current = testUser(user);
  return stubFetch(async (url, init) => {
    const route = `${init.method ?? 'GET'} ${url}`;
    if (route === 'GET /api/auth/user') return json(200, current);
    if (routes[route]) return routes[route](init);
    if (route === 'PUT /api/profile/customize') {
      await saved;
      current = { ...current, ...JSON.parse(String(init.body)) };
      return new Response(JSON.stringify(current), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Position': '900/1' },
      });
    }
    return json(404, { error: 'not_found', message: route });
  });
}

/** The bodies sent to PUT /api/profile/customize. */
const savedBodies = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .filter(([url, init]) => url === '/api/profile/customize' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)));

/** The object store: Uppy PUTs files with XMLHttpRequest; every PUT is answered 200 with an ETag. */
function stubObjectStore() {
  const puts: string[] = [];
  class StoreXhr {
    upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    #url = '';
    open(_method: string, url: string) {
      this.#url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'etag' ? '"e1"' : null;
    }
    abort() {}
    send() {
      puts.push(this.#url);
      setTimeout(() => {
        this.status = 200;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', StoreXhr);
  return puts;
}

async function openCustomize(
  user: Partial<CurrentUser> = {},
  routes: Record<string, Handler> = {},
  saved?: Promise<void>,
) {
  const fetch = api(user, routes, saved);
  const rendered = renderApp({ url: '/profile' });
  fireEvent.click(await screen.findByTestId('customize-profile-button'));
  return { ...rendered, fetch, dialog: await screen.findByRole('dialog', { name: 'Customize Profile' }) };
}

/** Opens the modal straight on a tab no button reaches. */
async function openOnTab(
  initialTab: 'gradients' | 'background',
  user: Partial<CurrentUser> = {},
  routes: Record<string, Handler> = {},
) {
  const fetch = api(user, routes);
  renderWithApp(<CustomizeProfileModal user={testUser(user)} onClose={() => {}} initialTab={initialTab} />);
  return fetch;
}

const toastTitle = () => screen.getByTestId('toast-title').textContent;
const toastText = () => screen.getByTestId('toast-description').textContent;
const preview = () => screen.getByTestId('profile-preview');
const save = () => fireEvent.click(screen.getByTestId('customize-save'));

const png = (bytes = 1000) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('Customize Profile', () => {
  it('offers the Profile, Bio and Photos tabs and Cancel / Save Profile', async () => {
    const { dialog } = await openCustomize();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Profile', 'Bio', 'Photos']);
    expect(screen.getByTestId('customize-panel-profile')).toBeTruthy();
    expect(screen.getByTestId('customize-cancel').textContent).toBe('Cancel');
    expect(screen.getByTestId('customize-save').textContent).toBe('Save Profile');
  });

  it('counts About Me live as "n/500 characters" and stops at 500', async () => {
    await openCustomize({ aboutMe: 'Hi' });
    fireEvent.click(screen.getByTestId('customize-tab-bio'));
    const input = screen.getByTestId('about-me-input') as HTMLTextAreaElement;
    expect(screen.getByTestId('about-me-counter').textContent).toBe('2/500 characters');
    fireEvent.change(input, { target: { value: 'Hello there' } });
    expect(screen.getByTestId('about-me-counter').textContent).toBe('11/500 characters');
    fireEvent.change(input, { target: { value: 'x'.repeat(600) } });
    expect(input.value).toHaveLength(500);
    expect(screen.getByTestId('about-me-counter').textContent).toBe('500/500 characters');
  });

  it('saves exactly the changed fields, reading "Saving..." meanwhile, then "Profile updated!"', async () => {
    let answer: () => void = () => {};
    const { fetch } = await openCustomize(
      { aboutMe: 'Old', textColor: '#111111' },
      {},
      new Promise<void>((resolve) => (answer = resolve)),
    );
    fireEvent.click(screen.getByTestId('customize-tab-bio'));
    fireEvent.change(screen.getByTestId('about-me-input'), { target: { value: 'Dancer' } });
    save();

    await waitFor(() => expect(screen.getByTestId('customize-save').textContent).toBe('Saving...'));
    expect((screen.getByTestId('customize-save') as HTMLButtonElement).disabled).toBe(true);
    expect(savedBodies(fetch)).toEqual([{ aboutMe: 'Dancer' }]);

    answer();
    await waitFor(() => expect(toastTitle()).toBe('Profile updated!'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('profile-bio').textContent).toBe('Dancer');
    // The user is read back at the change's position.
    const reads = fetch.mock.calls
      .filter(([u]) => u === '/api/auth/user')
      .map(([, init]) => (init?.headers as Record<string, string>)['X-Min-Position']);
    expect(reads.at(-1)).toBe('900/1');
  });

  it('sends a cleared About Me as null', async () => {
    const { fetch } = await openCustomize({ aboutMe: 'Old' });
    fireEvent.click(screen.getByTestId('customize-tab-bio'));
    fireEvent.change(screen.getByTestId('about-me-input'), { target: { value: '' } });
    save();
    await waitFor(() => expect(toastTitle()).toBe('Profile updated!'));
    expect(savedBodies(fetch)).toEqual([{ aboutMe: null }]);
  });

  it('says "Failed to update profile" with the server message when saving fails, and stays open', async () => {
    await openCustomize(
      {},
      {
        'PUT /api/profile/customize': () =>
          json(400, {
            error: 'invalid',
            field: 'textColor',
            message: 'textColor must be a hex colour such as #1f2937',
          }),
      },
    );
    fireEvent.click(screen.getByTestId('customize-tab-photos'));
    fireEvent.change(screen.getByTestId('text-color-input'), { target: { value: '#ff0000' } });
    save();
    await waitFor(() => expect(toastTitle()).toBe('Failed to update profile'));
    expect(toastText()).toBe('textColor must be a hex colour such as #1f2937');
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');
    expect(screen.getByTestId('customize-save').textContent).toBe('Save Profile');
  });

  it('a built-in photo background sets the background image and clears the colour', async () => {
    const { fetch } = await openCustomize({ backgroundColor: '#123456' });
    fireEvent.click(screen.getByTestId('customize-tab-photos'));
    expect(screen.getAllByTestId(/^photo-category-/).map((c) => c.textContent)).toEqual([
      'All',
      'Nature',
      'Wood',
      'Candy',
      'Galaxy',
      'Marble',
      'Concrete',
      'Urban',
      'Abstract',
    ]);
    expect(within(screen.getByTestId('photo-backgrounds')).getAllByRole('button')).toHaveLength(42);
    fireEvent.click(screen.getByTestId('photo-category-candy'));
    expect(
      within(screen.getByTestId('photo-backgrounds'))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Cotton Candy', 'Bubblegum', 'Lemon Drop', 'Mint Swirl', 'Peppermint Stripe']);

    fireEvent.click(screen.getByTestId('photo-background-cotton-candy'));

    expect(toastTitle()).toBe('Photo background selected!');
    expect(screen.getByTestId('photo-background-cotton-candy').getAttribute('aria-pressed')).toBe('true');
    expect(preview().dataset.background).toBe('gradient');
    expect((screen.getByTestId('background-color-input') as HTMLInputElement).value).toBe('#ffffff'); // cleared: the default shows
    save();
    await waitFor(() => expect(toastTitle()).toBe('Profile updated!'));
    expect(savedBodies(fetch)).toEqual([
      { backgroundImageUrl: 'linear-gradient(135deg, #fbc2eb 0%, #a6c1ee 100%)', backgroundColor: null },
    ]);
    expect(screen.getByTestId('profile-page').dataset.background).toBe('gradient');
  });

  it('Remove Background clears the image', async () => {
    const { fetch } = await openCustomize({
      backgroundImageUrl: '/objects/uploads/u1/bg.jpg',
      backgroundColor: '#123456',
    });
    expect(preview().dataset.background).toBe('image');
    fireEvent.click(screen.getByTestId('customize-tab-photos'));
    fireEvent.click(screen.getByTestId('remove-background'));
    expect(toastTitle()).toBe('Background removed');
    expect(preview().dataset.background).toBe('color');
    expect((screen.getByTestId('remove-background') as HTMLButtonElement).disabled).toBe(true);
    save();
    await waitFor(() => expect(toastTitle()).toBe('Profile updated!'));
    expect(savedBodies(fetch)).toEqual([{ backgroundImageUrl: null }]);
  });

  it('the colour pickers set the background and text colours', async () => {
    const { fetch } = await openCustomize();
    fireEvent.click(screen.getByTestId('customize-tab-photos'));
    expect((screen.getByTestId('text-color-input') as HTMLInputElement).value).toBe('#1f2937');
    fireEvent.change(screen.getByTestId('background-color-input'), { target: { value: '#000000' } });
    fireEvent.change(screen.getByTestId('text-color-input'), { target: { value: '#ffffff' } });
    save();
    await waitFor(() => expect(toastTitle()).toBe('Profile updated!'));
    expect(savedBodies(fetch)).toEqual([{ backgroundColor: '#000000', textColor: '#ffffff' }]);
  });

  it('Cancel closes without saving', async () => {
    const { fetch } = await openCustomize();
    fireEvent.click(screen.getByTestId('customize-tab-bio'));
    fireEvent.change(screen.getByTestId('about-me-input'), { target: { value: 'Unsaved' } });
    fireEvent.click(screen.getByTestId('customize-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(savedBodies(fetch)).toEqual([]);
  });

  it('uploading a picture sets the profile image to the objectPath the server answers', async () => {
    const puts = stubObjectStore();
    const { fetch } = await openCustomize(
      {},
      {
        'POST /api/objects/upload': () => json(200, { uploadURL: PRESIGNED }),
        'PUT /api/profile/picture': () => json(200, { objectPath: OBJECT_PATH }),
      },
    );
    await chooseInUploader('profile-picture-upload', png());

    await waitFor(() => expect(toastTitle()).toBe('Profile picture uploaded!'));
    expect(puts).toEqual([PRESIGNED]);
    const attach = fetch.mock.calls.find(([u]) => u === '/api/profile/picture')!;
    expect(JSON.parse(String(attach[1]!.body))).toEqual({ profileImageURL: UPLOADED });
    expect(screen.getByTestId('customize-avatar').querySelector('img')?.getAttribute('src')).toBe(OBJECT_PATH);
    save();
    await waitFor(() => expect(toastTitle()).toBe('Profile updated!'));
    expect(savedBodies(fetch)).toEqual([{ profileImageUrl: OBJECT_PATH }]);
  });

  it('says "Upload failed" with the server\'s words when the picture is refused', async () => {
    stubObjectStore();
    await openCustomize(
      {},
      {
        'POST /api/objects/upload': () => json(200, { uploadURL: PRESIGNED }),
        'PUT /api/profile/picture': () =>
          json(400, {
            error: 'unsupported_type',
            field: 'profileImageURL',
            message: 'A profile picture must be a JPEG, PNG, WebP, GIF or AVIF image',
          }),
      },
    );
    await chooseInUploader('profile-picture-upload', png());
    await waitFor(() => expect(toastTitle()).toBe('Upload failed'));
    expect(toastText()).toBe('A profile picture must be a JPEG, PNG, WebP, GIF or AVIF image');
  });

  it('says "Failed to set profile picture." when the refusal has no words', async () => {
    stubObjectStore();
    await openCustomize(
      {},
      {
        'POST /api/objects/upload': () => json(200, { uploadURL: PRESIGNED }),
        'PUT /api/profile/picture': () => new Response('', { status: 502 }),
      },
    );
    await chooseInUploader('profile-picture-upload', png());
    await waitFor(() => expect(toastText()).toBe('Failed to set profile picture.'));
  });

  it("uploading a background sets the background image to the server's objectPath", async () => {
    stubObjectStore();
    const { fetch } = await openCustomize(
      { backgroundColor: '#123456' },
      {
        'POST /api/objects/upload': () => json(200, { uploadURL: PRESIGNED }),
        'PUT /api/profile/background': () => json(200, { objectPath: '/objects/uploads/u1/bg.png' }),
      },
    );
    fireEvent.click(screen.getByTestId('customize-tab-photos'));
    await chooseInUploader('background-upload', png());

    await waitFor(() => expect(toastTitle()).toBe('Background uploaded!'));
    const attach = fetch.mock.calls.find(([u]) => u === '/api/profile/background')!;
    expect(JSON.parse(String(attach[1]!.body))).toEqual({ backgroundImageURL: UPLOADED });
    expect(preview().dataset.background).toBe('image');
    save();
    await waitFor(() => expect(toastTitle()).toBe('Profile updated!'));
    expect(savedBodies(fetch)).toEqual([{ backgroundImageUrl: '/objects/uploads/u1/bg.png' }]);
  });

  it('says "Upload failed" / "Failed to set background image." when the background is refused', async () => {
    stubObjectStore();
    await openCustomize(
      {},
      {
        'POST /api/objects/upload': () => json(200, { uploadURL: PRESIGNED }),
        'PUT /api/profile/background': () => json(400, { error: 'file_too_large', message: 'too big' }),
      },
    );
    fireEvent.click(screen.getByTestId('customize-tab-photos'));
    await chooseInUploader('background-upload', png());
    await waitFor(() => expect(toastTitle()).toBe('Upload failed'));
    expect(toastText()).toBe('Failed to set background image.');
  });

  it('refuses a 6 MB custom background before uploading it', async () => {
    const puts = stubObjectStore();
    const { fetch } = await openCustomize();
    fireEvent.click(screen.getByTestId('customize-tab-photos'));
    await chooseInUploader(
      'background-upload',
      new File([new Uint8Array(6 * 1024 * 1024)], 'beach.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('background-upload-dialog').textContent).toContain(
        'beach.jpg exceeds maximum allowed size of 5 MB',
      ),
    );
    expect(puts).toEqual([]);
    expect(fetch.mock.calls.some(([u]) => u === '/api/objects/upload')).toBe(false);
  });
});

describe('Customize Profile, the tabs no button reaches', () => {
  it('gradients: a preset clears the image and sets the colour', async () => {
    const fetch = await openOnTab('gradients', { backgroundImageUrl: '/objects/uploads/u1/bg.jpg' });
    const presets = within(screen.getByTestId('customize-panel-gradients')).getAllByRole('button');
    expect(presets).toHaveLength(14);
    fireEvent.click(screen.getByTestId('preset-gradient-sunset'));
    expect(toastTitle()).toBe('Background selected!');
    expect(preview().dataset.background).toBe('color');
    save();
    await waitFor(() => expect(savedBodies(fetch)).toEqual([{ backgroundImageUrl: null, backgroundColor: '#ff7e5f' }]));
  });

  it('background: searches by text or by a server category, never blank, and picks a result', async () => {
    const fetch = await openOnTab(
      'background',
      {},
      {
        'GET /api/backgrounds/categories': () =>
          json(200, [{ id: 'nature', name: 'Nature', query: 'nature landscape' }]),
        'GET /api/backgrounds/search?query=ocean': () =>
          json(200, [
            {
              id: 'p1',
              url: '/objects/backgrounds/p1.jpg',
              thumb: 'https://images.test/p1-small.jpg',
              description: 'Blue ocean',
              photographer: 'Ana',
              query: 'ocean',
            },
          ]),
        'GET /api/backgrounds/search?query=nature%20landscape': () => json(200, []),
      },
    );
    expect(await screen.findByTestId('background-category-nature')).toBeTruthy();
    expect((screen.getByTestId('background-search-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('background-search-input'), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    fireEvent.change(screen.getByTestId('background-search-input'), { target: { value: 'ocean' } });
    fireEvent.submit(screen.getByRole('search'));

    fireEvent.click(await screen.findByTestId('background-result-p1'));
    expect(toastTitle()).toBe('Background selected!');
    expect(preview().dataset.background).toBe('image');

    fireEvent.click(screen.getByTestId('background-category-nature'));
    await screen.findByText('No backgrounds found.');
    const searches = fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/backgrounds/search'));
    expect(searches).toEqual([
      '/api/backgrounds/search?query=ocean',
      '/api/backgrounds/search?query=nature%20landscape',
    ]);
  });

  it('background: says "Search failed" when the search fails', async () => {
    await openOnTab(
      'background',
      {},
      { 'GET /api/backgrounds/search?query=ocean': () => json(500, { error: 'internal', message: 'boom' }) },
    );
    fireEvent.change(screen.getByTestId('background-search-input'), { target: { value: 'ocean' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(toastTitle()).toBe('Search failed'));
    expect(toastText()).toBe('Failed to search for background images.');
  });
});
