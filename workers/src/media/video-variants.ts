import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { makePoster } from './video-poster.ts';
import { probeVideo, type VideoProbe } from './video-probe.ts';
import { transcodeVideo } from './video-transcode.ts';
import type { VariantFile } from './variant-file.ts';

export interface VideoVariants {
  /** The playable MP4 (H.264/AAC, at most 720 high, index first) and its duration. */
  readonly video: VariantFile & { readonly durationSeconds: number };
  readonly poster: VariantFile;
  readonly source: VideoProbe;
  /** false when the source was already playable and was only remuxed. */
  readonly transcoded: boolean;
}

export interface VideoVariantsOptions {
  /** Fractions 0..1, increasing; 1 once every file is written. */
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
}

/** Share of the progress bar the transcode takes; the poster is the (short) rest. */
const TRANSCODE_SHARE = 0.95;

/** An uploaded video into `outDir/video.mp4` and `outDir/poster.jpg`. */
export async function makeVideoVariants(
  inputPath: string,
  outDir: string,
  options: VideoVariantsOptions = {},
): Promise<VideoVariants> {
  const { onProgress, signal } = options;
  const source = await probeVideo(inputPath, { signal });
  await mkdir(outDir, { recursive: true });
  const { file, output, transcoded } = await transcodeVideo(inputPath, join(outDir, 'video.mp4'), {
    source,
    signal,
    onProgress: onProgress && ((fraction) => onProgress(fraction * TRANSCODE_SHARE)),
  });
  // From the MP4, not the source: its duration is always known and H.264 seeks and decodes fast.
  const poster = await makePoster(file.path, join(outDir, 'poster.jpg'), {
    durationSeconds: output.durationSeconds,
    signal,
  });
  onProgress?.(1);
  return { video: { ...file, durationSeconds: output.durationSeconds }, poster, source, transcoded };
}
