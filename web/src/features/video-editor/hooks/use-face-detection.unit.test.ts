import { describe, expect, it } from 'vitest';
import { DETECTION_INTERVAL_MS, nextDetectionDelay } from './use-face-detection.ts';

describe('pacing face detection', () => {
  it('a fast detector runs at most 15 times a second', () => {
    expect(DETECTION_INTERVAL_MS).toBeCloseTo(66.7, 1);
    expect(nextDetectionDelay(10) + 10).toBeCloseTo(DETECTION_INTERVAL_MS);
    expect(nextDetectionDelay(0)).toBeCloseTo(DETECTION_INTERVAL_MS);
  });

  it('a slow one waits as long as it took, leaving the page half its time', () => {
    expect(nextDetectionDelay(250)).toBe(250);
    expect(nextDetectionDelay(20)).toBeCloseTo(DETECTION_INTERVAL_MS - 20);
    expect(nextDetectionDelay(40)).toBe(40);
  });
});
