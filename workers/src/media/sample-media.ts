import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { runTool } from './run-tool.ts';

/**
 * Generated inputs for the media tests and `npm run bench -- media`: ffmpeg's lavfi test sources
 * and sharp noise, so no binary fixtures live in the repository.
 */

const lavfi = (seconds: number, width: number, height: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${width}x${height}:rate=30`,
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440',
  '-t',
  String(seconds),
];
const vp9Opus = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M', '-c:a', 'libopus'];
const ffmpeg = (args: string[]) =>
  runTool('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { timeoutMs: 120_000 });

/** A VP9/Opus WebM with its duration in the header (what a browser's finished file looks like). */
export async function writeVp9WebM(path: string, { seconds = 10, width = 1280, height = 720 } = {}): Promise<void> {
  await ffmpeg([...lavfi(seconds, width, height), ...vp9Opus, path]);
}

/**
 * A VP9/Opus WebM as MediaRecorder writes it: streamed to a pipe, in live mode (no cues, no
 * duration, unknown sizes), so ffprobe reports duration=N/A. Without `-live 1` FFmpeg 5.1 still
 * writes enough for ffprobe to estimate a duration, even through a pipe.
 */
export async function writeStreamedWebM(path: string, { seconds = 3, width = 640, height = 360 } = {}): Promise<void> {
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      ...lavfi(seconds, width, height),
      ...vp9Opus,
      '-f',
      'webm',
      '-live',
      '1',
      'pipe:1',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  await pipeline(child.stdout, createWriteStream(path));
  const code = await exited;
  if (code !== 0) throw new Error(`ffmpeg exited with ${code} writing ${path}`);
}

/** An MP4 that is already H.264/AAC at 854x480: the remux-only case. */
export async function writeH264Mp4(path: string, { seconds = 4, width = 854, height = 480 } = {}): Promise<void> {
  await ffmpeg([
    ...lavfi(seconds, width, height),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    path,
  ]);
}

/** A JPEG of random noise (noise compresses badly, like a real photo rather than a flat test card). */
export async function writeNoiseJpeg(path: string, width = 4000, height = 3000): Promise<void> {
  await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toFile(path);
}

/** A small flat-colour PNG with alpha, to check that small images are not enlarged. */
export async function writeSmallPng(path: string, width = 200, height = 100): Promise<void> {
  await sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 0.8 } } })
    .png()
    .toFile(path);
}
