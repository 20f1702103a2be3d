import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { DEFAULT_THUMBNAIL_TIMINGS, ThumbnailRefresher, type ThumbnailSource } from './thumbnail-refresher.ts';

const frame = new Blob(['jpeg'], { type: 'image/jpeg' });

describe('ThumbnailRefresher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const source = (
    overrides: { capture?: Mock<ThumbnailSource['capture']>; upload?: Mock<ThumbnailSource['upload']> } = {},
  ) => ({
    capture: overrides.capture ?? vi.fn<ThumbnailSource['capture']>(async () => frame),
    upload: overrides.upload ?? vi.fn<ThumbnailSource['upload']>(async () => ({})),
  });

  it('by default sends a frame 3 s after going live, then one each minute', async () => {
    expect(DEFAULT_THUMBNAIL_TIMINGS).toEqual({ firstMs: 3_000, everyMs: 60_000 });
    const s = source();
    new ThumbnailRefresher(s).start();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(s.upload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.upload).toHaveBeenCalledTimes(1);
    expect(s.upload).toHaveBeenCalledWith(frame);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(s.upload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.upload).toHaveBeenCalledTimes(2);
  });

  it('takes its timings as a parameter', async () => {
    const s = source();
    new ThumbnailRefresher(s, { firstMs: 10, everyMs: 100 }).start();
    await vi.advanceTimersByTimeAsync(310);
    expect(s.upload).toHaveBeenCalledTimes(4);
  });

  it('a failed upload or capture is logged and the next tick tries again', async () => {
    const s = source({
      upload: vi.fn<ThumbnailSource['upload']>().mockRejectedValueOnce(new Error('429')).mockResolvedValue({}),
      capture: vi.fn<ThumbnailSource['capture']>().mockResolvedValueOnce(frame).mockRejectedValueOnce(new Error('x')),
    });
    s.capture.mockResolvedValue(frame);
    new ThumbnailRefresher(s, { firstMs: 10, everyMs: 100 }).start();
    await vi.advanceTimersByTimeAsync(10);
    expect(s.upload).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(console.warn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(s.upload).toHaveBeenCalledTimes(2);
  });

  it('while the camera has shown nothing, looks again after the short delay instead of a minute', async () => {
    const s = source({ capture: vi.fn<ThumbnailSource['capture']>().mockResolvedValueOnce(null) });
    s.capture.mockResolvedValue(frame);
    new ThumbnailRefresher(s, { firstMs: 10, everyMs: 1_000 }).start();
    await vi.advanceTimersByTimeAsync(20);
    expect(s.capture).toHaveBeenCalledTimes(2);
    expect(s.upload).toHaveBeenCalledTimes(1);
  });

  it('sends nothing once stopped', async () => {
    const s = source();
    const refresher = new ThumbnailRefresher(s, { firstMs: 10, everyMs: 100 });
    refresher.start();
    await vi.advanceTimersByTimeAsync(10);
    refresher.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.upload).toHaveBeenCalledTimes(1);
  });
});
