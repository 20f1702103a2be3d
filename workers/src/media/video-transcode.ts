import { resolve } from 'node:path';
import { progressReporter } from './ffmpeg-progress.ts';
import { MediaProcessingError } from './media-processing-error.ts';
import { runTool } from './run-tool.ts';
import { probeVideo, type VideoProbe } from './video-probe.ts';
import { MAX_VIDEO_HEIGHT, SCALE_TO_MAX_HEIGHT } from './video-size.ts';
import { variantFile, type VariantFile } from './variant-file.ts';

export interface TranscodeOptions {
  /** The source's probe, if the caller already has it (saves an ffprobe). */
  readonly source?: VideoProbe;
  /** Fractions 0..1, increasing; only the final 1 when the source duration is unknown. */
  readonly onProgress?: (fraction: number) => void;
  /** Default: 60 s plus 4x the source duration, or 30 min when it is unknown. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

export interface TranscodeResult {
  /** false: the source was already playable and was only remuxed (no quality loss, seconds faster). */
  readonly transcoded: boolean;
  readonly file: VariantFile;
  /** The MP4's own probe: its duration is known even when the source's was not. */
  readonly output: VideoProbe & { readonly durationSeconds: number };
}

/**
 * Whether browsers can play the source as it is once moved into an MP4 with the index first:
 * H.264 in 8-bit 4:2:0, AAC or no audio, an MP4/MOV container, at most 720 high.
 */
export function canRemux(source: VideoProbe): boolean {
  return (
    source.videoCodec === 'h264' &&
    (source.pixelFormat === 'yuv420p' || source.pixelFormat === 'yuvj420p') &&
    (source.audioCodec === null || source.audioCodec === 'aac') &&
    source.containerFormats.some((f) => f === 'mov' || f === 'mp4') &&
    source.height <= MAX_VIDEO_HEIGHT
  );
}

/** The codec arguments for either path. */
export function codecArgs(remux: boolean): string[] {
  if (remux) return ['-c', 'copy'];
  return [
    '-vf',
    SCALE_TO_MAX_HEIGHT,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    // MediaRecorder WebMs have variable frame rates; cfr would duplicate frames to fill the gaps.
    '-fps_mode',
    'vfr',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
  ];
}

/**
 * Makes the H.264/AAC MP4 the product plays, with the `moov` index before the media data
 * (`+faststart`) so playback starts before the whole file has downloaded.
 */
export async function transcodeVideo(
  inputPath: string,
  outPath: string,
  options: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const { signal } = options;
  const source = options.source ?? (await probeVideo(inputPath, { signal }));
  const remux = canRemux(source);
  const duration = source.durationSeconds;
  const onLine = options.onProgress ? progressReporter(duration, options.onProgress) : undefined;
  await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      resolve(inputPath),
      // The first video and audio stream only: no subtitles, data or timecode tracks.
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      // No metadata (phones write GPS coordinates into their videos).
      '-map_metadata',
      '-1',
      ...codecArgs(remux),
      '-movflags',
      '+faststart',
      // Sparse audio next to video can overflow ffmpeg's default muxing queue on some inputs.
      '-max_muxing_queue_size',
      '1024',
      '-progress',
      'pipe:1',
      '-nostats',
      '-f',
      'mp4',
      resolve(outPath),
    ],
    {
      timeoutMs: options.timeoutMs ?? (duration ? 60_000 + duration * 4_000 : 30 * 60_000),
      signal,
      onStdoutLine: onLine,
    },
  );
  const output = await probeVideo(outPath, { signal });
  if (output.durationSeconds === null) {
    throw new MediaProcessingError('unreadable', 'the video has no frames that could be decoded');
  }
  return {
    transcoded: !remux,
    file: await variantFile(outPath, 'video/mp4', output.width, output.height),
    output: { ...output, durationSeconds: output.durationSeconds },
  };
}
