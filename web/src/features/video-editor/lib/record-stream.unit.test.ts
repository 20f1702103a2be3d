import { describe, expect, it } from 'vitest';
import { recordingMimeType } from './record-stream.ts';

describe('recording format', () => {
  it('prefers WebM with VP9 and Opus, then VP8, then whatever the browser records', () => {
    expect(recordingMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(recordingMimeType((t) => t !== 'video/webm;codecs=vp9,opus')).toBe('video/webm;codecs=vp8,opus');
    expect(recordingMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(recordingMimeType(() => false)).toBeUndefined();
  });
});
