import { describe, expect, it } from 'vitest';
import { mediaCodecs } from './media-codecs.ts';

describe('mediaCodecs', () => {
  it('offers Opus and VP8, and H264 only when enabled', () => {
    expect(mediaCodecs({ enableH264: false }).map((c) => c.mimeType)).toEqual(['audio/opus', 'video/VP8']);
    expect(mediaCodecs({ enableH264: true }).map((c) => c.mimeType)).toEqual(['audio/opus', 'video/VP8', 'video/H264']);
  });
});
