import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Story } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { storyId, testStory } from '../testing/story-fixtures.ts';
import { callsTo, storiesApi } from '../testing/stories-api.ts';
import { StoriesStrip } from './stories-strip.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetLastPosition();
});

const me = { username: 'jane_doe', firstName: 'Jane', profileImageUrl: null };

/** The API with a working POST /api/stories that adds the new story to what GET answers. */
function api(create?: (form: FormData) => Response) {
  const list: Story[] = [];
  const fetch = storiesApi({
    stories: () => list,
    create:
      create ??
      ((form) => {
        const story = testStory({
          id: storyId(list.length + 1),
          userId: 'u1',
          user: me,
          mediaType: form.get('mediaType') as Story['mediaType'],
          content: String(form.get('content')),
        });
        list.push(story);
        return json(201, { story });
      }),
  });
  return fetch;
}

async function openDialog() {
  fireEvent.click(await screen.findByTestId('add-story-tile'));
  return screen.getByTestId('create-story-modal');
}

const toastText = () => [
  screen.getByTestId('toast-title').textContent,
  screen.queryByTestId('toast-description')?.textContent,
];
const contentInput = () => screen.getByTestId('story-content-input') as HTMLTextAreaElement;
const fileInput = () => screen.getByTestId('story-file-input') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const submit = () => fireEvent.click(screen.getByTestId('story-submit'));
const sized = (file: File, size: number) => Object.defineProperty(file, 'size', { value: size }) as File;

describe('the create-story dialog', () => {
  it('is titled "Create Your Story" with the Text, Photo and Video tabs, text on #000000 first', async () => {
    api();
    renderWithApp(<StoriesStrip />);
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Create Your Story' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => [t.textContent, t.getAttribute('aria-selected')]),
    ).toEqual([
      ['Text', 'true'],
      ['Photo', 'false'],
      ['Video', 'false'],
    ]);
    expect(screen.getByTestId('story-bg-color-000000').getAttribute('aria-pressed')).toBe('true');
    expect(contentInput().style.backgroundColor).toBe('#000000');
    fireEvent.click(screen.getByTestId('create-story-tab-photo'));
    expect(fileInput().accept).toBe('image/*');
    fireEvent.click(screen.getByTestId('create-story-tab-video'));
    expect(fileInput().accept).toBe('video/*');
  });

  it('asks for text, or for an image or a video, before sending anything', async () => {
    const fetch = api();
    renderWithApp(<StoriesStrip />);
    await openDialog();
    fireEvent.change(contentInput(), { target: { value: '   ' } });
    submit();
    expect(toastText()).toEqual(['Content required', 'Please add some text to your story.']);
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');

    fireEvent.click(screen.getByTestId('create-story-tab-photo'));
    fireEvent.change(contentInput(), { target: { value: 'A caption alone is not a story' } });
    submit();
    expect(toastText()).toEqual(['Media required', 'Please select an image for your story.']);

    fireEvent.click(screen.getByTestId('create-story-tab-video'));
    submit();
    expect(toastText()).toEqual(['Media required', 'Please select a video for your story.']);
    expect(callsTo(fetch, 'POST', '/api/stories')).toHaveLength(0);
  });

  it('shares a text story, toasts, refreshes the strip, and closes; it opens empty again', async () => {
    const fetch = api();
    renderWithApp(<StoriesStrip />);
    await openDialog();
    fireEvent.change(contentInput(), { target: { value: 'Hello stories' } });
    fireEvent.click(screen.getByTestId('story-bg-color-7c3aed'));
    submit();
    await waitFor(() => expect(screen.queryByTestId('create-story-modal')).toBeNull());
    expect(toastText()).toEqual(['Story created!', 'Your story has been shared and will expire in 24 hours.']);

    const [[, init]] = callsTo(fetch, 'POST', '/api/stories') as [[string, RequestInit]];
    const form = init.body as FormData;
    expect(init.headers).toEqual({}); // the browser sets the multipart content type itself
    expect(Object.fromEntries(form.entries())).toEqual({
      mediaType: 'text',
      content: 'Hello stories',
      backgroundColor: '#7c3aed',
    });
    // The strip reads the list again and shows the new story.
    await waitFor(() => expect(screen.getAllByTestId('story-entry').map((e) => e.dataset.userId)).toEqual(['u1']));
    expect(callsTo(fetch, 'GET', '/api/stories')).toHaveLength(2);

    await openDialog();
    expect(contentInput().value).toBe('');
    expect(screen.getByTestId('story-bg-color-000000').getAttribute('aria-pressed')).toBe('true');
  });

  it('sends a photo as the media part with its optional caption', async () => {
    const fetch = api();
    renderWithApp(<StoriesStrip />);
    await openDialog();
    fireEvent.click(screen.getByTestId('create-story-tab-photo'));
    choose(new File(['png'], 'beach.png', { type: 'image/png' }));
    expect(screen.getByTestId('story-file-preview').querySelector('img')).toBeTruthy();
    fireEvent.change(contentInput(), { target: { value: 'At the beach' } });
    submit();
    await waitFor(() => expect(screen.queryByTestId('create-story-modal')).toBeNull());
    const form = callsTo(fetch, 'POST', '/api/stories')[0]![1]!.body as FormData;
    expect(form.get('mediaType')).toBe('image');
    expect(form.get('content')).toBe('At the beach');
    expect((form.get('media') as File).name).toBe('beach.png');
  });

  it('refuses a photo over 10 MB, a video over 100 MB and a file of the other kind at once', async () => {
    const fetch = api();
    renderWithApp(<StoriesStrip />);
    await openDialog();
    fireEvent.click(screen.getByTestId('create-story-tab-photo'));
    choose(sized(new File(['x'], 'huge.png', { type: 'image/png' }), 10 * 1024 * 1024 + 1));
    expect(toastText()).toEqual(['File too large', 'A photo for a story can be at most 10 MB.']);
    choose(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(toastText()).toEqual(['Unsupported file', 'Please choose an image file.']);
    submit(); // nothing was kept
    expect(toastText()).toEqual(['Media required', 'Please select an image for your story.']);

    fireEvent.click(screen.getByTestId('create-story-tab-video'));
    choose(sized(new File(['x'], 'long.mp4', { type: 'video/mp4' }), 100 * 1024 * 1024 + 1));
    expect(toastText()).toEqual(['File too large', 'A video for a story can be at most 100 MB.']);
    expect(callsTo(fetch, 'POST', '/api/stories')).toHaveLength(0);
  });

  it('lets go of a chosen photo when the tab changes', async () => {
    api();
    renderWithApp(<StoriesStrip />);
    await openDialog();
    fireEvent.click(screen.getByTestId('create-story-tab-photo'));
    choose(new File(['png'], 'beach.png', { type: 'image/png' }));
    fireEvent.click(screen.getByTestId('create-story-tab-video'));
    fireEvent.click(screen.getByTestId('create-story-tab-photo'));
    expect(screen.queryByTestId('story-file-preview')).toBeNull();
    submit();
    expect(toastText()).toEqual(['Media required', 'Please select an image for your story.']);
  });

  it('keeps the dialog open and toasts "Error" with the server message, or "Failed to create story"', async () => {
    let answer = json(400, { error: 'validation_failed', field: 'media', message: 'Media required' });
    api(() => answer);
    renderWithApp(<StoriesStrip />);
    await openDialog();
    fireEvent.change(contentInput(), { target: { value: 'Hello' } });
    submit();
    await waitFor(() => expect(toastText()).toEqual(['Error', 'Media required']));
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');
    expect(contentInput().value).toBe('Hello');

    answer = new Response('Bad Gateway', { status: 502 });
    submit();
    await waitFor(() => expect(toastText()).toEqual(['Error', 'Failed to create story']));
    expect(screen.getByTestId('create-story-modal')).toBeTruthy();
  });
});
