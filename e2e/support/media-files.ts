import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { sampleWebM } from '@myworld/testkit/browser';

/**
 * Files a browser test chooses in an upload dialog, made at test time (no binary fixtures in the
 * repository) and written to `dir` so the file input gets a real file, as a person's would.
 */

/** A real 1200x900 PNG (coloured shapes, no text so no font is needed) at `dir/name`. */
export async function writeSamplePhoto(dir: string, name = 'photo.png'): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>
    <circle cx="400" cy="420" r="220" fill="#facc15" opacity="0.85"/>
    <rect x="650" y="250" width="380" height="380" rx="40" fill="#0ea5e9" opacity="0.8"/>
  </svg>`;
  const path = join(dir, name);
  await writeFile(path, await sharp(Buffer.from(svg)).png().toBuffer());
  return path;
}

/** A real VP9 WebM of ffmpeg's moving test pattern (testkit's sampleWebM) at `dir/name`. */
export async function writeSampleVideo(dir: string, { seconds = 4, name = 'clip.webm' } = {}): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, await sampleWebM({ seconds }));
  return path;
}

/**
 * Opens the upload dialog behind `testId` (the media feature's uploader: `{testId}-button` opens
 * it, `{testId}-dialog` holds Uppy's dashboard and its file input) and chooses `file` in it.
 */
export async function chooseFileInUploader(page: Page, testId: string, file: string): Promise<void> {
  await page.getByTestId(`${testId}-button`).click();
  await page.locator(`[data-testid="${testId}-dialog"] input[type="file"][name="files[]"]`).first().setInputFiles(file);
}
