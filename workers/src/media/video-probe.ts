import { resolve } from 'node:path';
import { MediaProcessingError } from './media-processing-error.ts';
import { runTool } from './run-tool.ts';

/** What the transcode decision and the read models need to know about a video file. */
export interface VideoProbe {
  /**
   * Seconds, or null when the container does not say: a WebM that MediaRecorder streamed to a pipe
   * has no duration (ffprobe prints N/A), so the caller takes it from the transcoded MP4.
   */
  readonly durationSeconds: number | null;
  /** As displayed: swapped when the stream carries a 90/270 degree rotation (phone videos). */
  readonly width: number;
  readonly height: number;
  /** ffprobe codec names: 'h264', 'vp9', 'hevc'... and 'aac', 'opus'..., null when there is no audio. */
  readonly videoCodec: string;
  readonly audioCodec: string | null;
  /** e.g. 'yuv420p': browsers play 8-bit 4:2:0 H.264 only, so it is part of the remux decision. */
  readonly pixelFormat: string | null;
  /** ffprobe's demuxer names, e.g. ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'] or ['matroska', 'webm']. */
  readonly containerFormats: readonly string[];
}

export interface ProbeOptions {
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
};
type FfprobeOutput = { streams?: FfprobeStream[]; format?: { format_name?: string; duration?: string } };

/** Reads a video file's streams and container with ffprobe. Refuses a file with no video stream. */
export async function probeVideo(inputPath: string, options: ProbeOptions = {}): Promise<VideoProbe> {
  const { stdout } = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', '-i', resolve(inputPath)],
    { timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal, exitMeansUnreadable: true },
  );
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(stdout) as FfprobeOutput;
  } catch (cause) {
    throw new MediaProcessingError('tool_failed', 'ffprobe printed something other than JSON', { cause });
  }
  const streams = parsed.streams ?? [];
  // Cover art in an audio file is a "video" stream too; it is not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video?.codec_name || !video.width || !video.height) {
    throw new MediaProcessingError('refused', 'the file has no video stream');
  }
  const sideways = isSideways(video);
  return {
    durationSeconds: seconds(parsed.format?.duration) ?? seconds(video.duration),
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    pixelFormat: video.pix_fmt ?? null,
    containerFormats: (parsed.format?.format_name ?? '').split(',').filter(Boolean),
  };
}

/** ffprobe leaves N/A fields out of its JSON (or prints "N/A"): both become null. */
function seconds(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * Whether players turn the picture a quarter turn (phones record portrait as rotated landscape).
 * FFmpeg 5 reports the display matrix as side data; older files carry a `rotate` tag.
 */
function isSideways(stream: FfprobeStream): boolean {
  const degrees =
    stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) && Math.abs(Math.round(degrees / 90)) % 2 === 1;
}
