import { describe, expect, it } from 'vitest';
import { RateMeter } from './detection-rate.ts';

describe('detection frame rate', () => {
  it('is unknown until two detections have finished', () => {
    const meter = new RateMeter();
    expect(meter.rate()).toBeNull();
    meter.tick(0);
    expect(meter.rate()).toBeNull();
  });

  it('counts detections per second', () => {
    const meter = new RateMeter();
    for (let t = 0; t <= 1000; t += 100) meter.tick(t);
    expect(meter.rate()).toBeCloseTo(10);
  });

  it('averages how long a detection took, over the same detections', () => {
    const meter = new RateMeter(2);
    expect(meter.meanDuration()).toBeNull();
    meter.tick(0, 900);
    meter.tick(100, 100);
    meter.tick(200, 300);
    expect(meter.meanDuration()).toBe(200);
  });

  it('follows a slowdown: only the last ten detections count', () => {
    const meter = new RateMeter();
    for (let t = 0; t <= 5000; t += 50) meter.tick(t); // 20 per second
    for (let t = 5250; t <= 9000; t += 250) meter.tick(t); // then 4 per second
    expect(meter.rate()).toBeCloseTo(4);
  });

  it('reads a slow detector (one every three seconds), and forgets one that stopped ten seconds ago', () => {
    const meter = new RateMeter();
    meter.tick(0);
    meter.tick(3000);
    expect(meter.rate()).toBeCloseTo(1 / 3);
    meter.tick(20_000);
    expect(meter.rate()).toBeNull();
  });
});
