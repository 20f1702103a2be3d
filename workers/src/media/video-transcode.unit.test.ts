import { describe, expect, it } from 'vitest';
import { progressReporter } from './ffmpeg-progress.ts';
import type { VideoProbe } from './video-probe.ts';
import { canRemux, codecArgs } from './video-transcode.ts';

const mp4: VideoProbe = {
  durationSeconds: 12,
  width: 1280,
  height: 720,
  videoCodec: 'h264',
  audioCodec: 'aac',
  pixelFormat: 'yuv420p',
  containerFormats: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
};

describe('canRemux', () => {
  it('remuxes H.264 8-bit 4:2:0 with AAC or no audio in MP4/MOV at most 720 high', () => {
    expect(canRemux(mp4)).toBe(true);
    expect(canRemux({ ...mp4, audioCodec: null })).toBe(true);
    expect(canRemux({ ...mp4, width: 854, height: 480 })).toBe(true);
  });

  it('transcodes anything else', () => {
    expect(canRemux({ ...mp4, videoCodec: 'vp9' })).toBe(false);
    expect(canRemux({ ...mp4, videoCodec: 'hevc' })).toBe(false);
    expect(canRemux({ ...mp4, audioCodec: 'opus' })).toBe(false);
    expect(canRemux({ ...mp4, audioCodec: 'mp3' })).toBe(false);
    expect(canRemux({ ...mp4, pixelFormat: 'yuv420p10le' })).toBe(false);
    expect(canRemux({ ...mp4, pixelFormat: 'yuv444p' })).toBe(false);
    expect(canRemux({ ...mp4, width: 1920, height: 1080 })).toBe(false);
    expect(canRemux({ ...mp4, width: 720, height: 1280 })).toBe(false);
    expect(canRemux({ ...mp4, containerFormats: ['matroska', 'webm'] })).toBe(false);
  });

  it('copies streams when remuxing and encodes H.264/AAC at most 720 high otherwise', () => {
    expect(codecArgs(true)).toEqual(['-c', 'copy']);
    const encode = codecArgs(false).join(' ');
    expect(encode).toContain("-vf scale=-2:'min(720,trunc(ih/2)*2)'");
    expect(encode).toContain('-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p');
    expect(encode).toContain('-c:a aac -b:a 128k');
  });
});

describe('progressReporter', () => {
  const feed = (duration: number | null, lines: string[]) => {
    const seen: number[] = [];
    const onLine = progressReporter(duration, (f) => seen.push(f));
    for (const line of lines) onLine(line);
    return seen;
  };

  it('divides out_time_us by the duration, only ever increasing, 1 at progress=end', () => {
    const lines = [
      'frame=1',
      'out_time_us=N/A',
      'progress=continue',
      'out_time_us=2500000',
      'out_time_us=2000000',
      'out_time_us=5000000',
      'out_time_us=10100000',
      'progress=end',
    ];
    expect(feed(10, lines)).toEqual([0.25, 0.5, 0.99, 1]);
  });

  it('reports only the end when the duration is unknown', () => {
    expect(feed(null, ['out_time_us=2500000', 'progress=continue', 'progress=end'])).toEqual([1]);
  });
});
