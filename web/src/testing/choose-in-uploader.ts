import { fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * Opens the upload dialog of the uploader `testId` and chooses `file` in it, as a person would.
 * The uploader (Uppy) loads with its first button, so this waits for the button and the dialog's
 * file input rather than expecting them at once.
 */
export async function chooseInUploader(testId: string, file: File): Promise<void> {
  fireEvent.click(await screen.findByTestId(`${testId}-button`));
  const input = await waitFor(() => {
    const found = screen
      .getByTestId(`${testId}-dialog`)
      .querySelector<HTMLInputElement>('input[type="file"][name="files[]"]');
    if (!found) throw new Error(`${testId}-dialog has no file input yet`);
    return found;
  });
  fireEvent.change(input, { target: { files: [file] } });
}
