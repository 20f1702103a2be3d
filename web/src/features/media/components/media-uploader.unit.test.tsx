import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { chooseInUploader } from '../../../testing/choose-in-uploader.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { fileOf, stubObjectStore } from '../testing/stub-object-store.ts';
import { MediaUploader } from './media-uploader.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;
const PRESIGNED = 'http://store.test/myworld-media/uploads/u1/abc.png?X-Amz-Signature=sig';

function renderUploader(purpose: 'profilePicture' | 'profileBackground' = 'profilePicture') {
  const onUploaded = vi.fn();
  renderWithApp(<MediaUploader purpose={purpose} label="Upload Photo" testId="pic" onUploaded={onUploaded} />);
  return onUploaded;
}

const choose = (file: File) => chooseInUploader('pic', file);

/** Why the chosen file failed, as the dialog tells it (on the file's "?" button). */
const fileError = () =>
  screen.getByTestId('pic-dialog').querySelector('.uppy-Dashboard-Item-errorDetails')?.getAttribute('aria-label');

describe('MediaUploader', () => {
  it('gets an address from our server, PUTs the file there with its type, and hands on the address and the chosen file (for previews)', async () => {
    const fetch = stubFetch((url) =>
      url === '/api/objects/upload' ? json(200, { uploadURL: PRESIGNED }) : json(404, {}),
    );
    const store = stubObjectStore();
    const onUploaded = renderUploader();

    await choose(fileOf('me.png', 'image/png', 2 * MB));

    await waitFor(() =>
      expect(onUploaded).toHaveBeenCalledWith({
        uploadURL: 'http://store.test/myworld-media/uploads/u1/abc.png',
        file: expect.any(Blob),
      }),
    );
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([['/api/objects/upload', 'POST']]);
    expect(store).toHaveLength(1);
    expect(store[0]).toMatchObject({ method: 'PUT', url: PRESIGNED, headers: { 'content-type': 'image/png' } });
    expect((store[0]!.body as Blob).size).toBe(2 * MB);
    // Ready for another file.
    expect(screen.getByTestId('pic-button').textContent).toBe('Upload Photo');
  });

  it('says "Failed to get upload URL. Please try again." when our server gives no address', async () => {
    stubFetch(() => json(401, { error: 'unauthorized', message: 'Sign in first' }));
    stubObjectStore();
    const onUploaded = renderUploader();

    await choose(fileOf('me.png', 'image/png', 1000));

    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Upload failed'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Failed to get upload URL. Please try again.');
    expect(onUploaded).not.toHaveBeenCalled();
    // The dialog says why, in the uploader's words.
    await waitFor(() => expect(fileError()).toBe('Authorization required'));
  });

  it('says "File upload failed. Please try again." when the store refuses the file', async () => {
    stubFetch(() => json(200, { uploadURL: PRESIGNED }));
    stubObjectStore(() => ({
      status: 403,
      body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
    }));
    const onUploaded = renderUploader();

    await choose(fileOf('me.png', 'image/png', 1000));

    await waitFor(() =>
      expect(screen.getByTestId('toast-description').textContent).toBe('File upload failed. Please try again.'),
    );
    expect(screen.getByTestId('toast-title').textContent).toBe('Upload failed');
    expect(onUploaded).not.toHaveBeenCalled();
    await waitFor(() => expect(fileError()).toBe('Request has expired'));
  });

  it('refuses a 6 MB custom background before anything is sent', async () => {
    const fetch = stubFetch(() => json(200, { uploadURL: PRESIGNED }));
    const store = stubObjectStore();
    renderUploader('profileBackground');

    await choose(fileOf('beach.jpg', 'image/jpeg', 6 * MB));

    await waitFor(() =>
      expect(screen.getByTestId('pic-dialog').textContent).toContain('beach.jpg exceeds maximum allowed size of 5 MB'),
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(store).toHaveLength(0);
  });
});

describe('MediaUploader after a failure', () => {
  it('lets the failed file go when the dialog closes, so another can be chosen', async () => {
    let refuse = true;
    stubFetch(() =>
      refuse ? json(400, { error: 'invalid', message: 'Not now' }) : json(200, { uploadURL: PRESIGNED }),
    );
    stubObjectStore();
    const onUploaded = renderUploader();

    await choose(fileOf('me.png', 'image/png', 1000));
    await waitFor(() => expect(fileError()).toBe('Not now'));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    refuse = false;
    await choose(fileOf('other.png', 'image/png', 1000));
    await waitFor(() =>
      expect(onUploaded).toHaveBeenCalledWith({
        uploadURL: 'http://store.test/myworld-media/uploads/u1/abc.png',
        file: expect.any(Blob),
      }),
    );
  });
});
