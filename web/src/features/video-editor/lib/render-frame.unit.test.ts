import { describe, expect, it } from 'vitest';
import { frameSize } from './render-frame.ts';

describe('the editor canvas size', () => {
  it("is the video's own size up to 1280 on the longer side, keeping its proportions", () => {
    expect(frameSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(frameSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(frameSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
  });
});
