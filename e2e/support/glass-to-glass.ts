import type { BrowserContext, Page } from 'playwright-core';

/**
 * True glass-to-glass latency of a live stream, for the browser tests and `npm run bench -- glass`.
 * The broadcaster's camera is replaced (in the test's browser only, never in the product) by a
 * canvas that numbers every frame it draws (noting when it drew each) in a grid of black and white
 * cells; the viewer's page reads each decoded frame's number back (`requestVideoFrameCallback`,
 * then the frame drawn small onto a canvas) and notes when the frame is due on screen. The two
 * times are subtracted afterwards. Both pages run in one browser on one machine, so they read the
 * same clock. The cells are large (a
 * frame is 8x6 of them) so that they survive VP8 at a low bitrate and a downscaled resolution.
 */

/**
 * The code drawn into each frame: its number in Gray code (consecutive numbers differ in one bit,
 * so a frame whose cells mix two consecutive frames' codes reads as one of the two, never as a
 * third number), 24 bits then their complements.
 */
const CODE = { columns: 8, rows: 6, bits: 24 } as const;
type Code = typeof CODE;

/**
 * The functions below run in pages, as their source text. Under tsx (the benchmark) esbuild's
 * keepNames wraps each named function in a `__name()` helper that exists only in Node: the page
 * gets a stand-in first.
 */
const NAME_HELPER = 'globalThis.__name ??= (fn) => fn;';

/** One decoded frame the viewer showed: which one, and when, in wall-clock ms. */
interface ShownFrame {
  readonly frame: number;
  readonly dueAt: number;
  readonly receivedAt: number | null;
}

/** One decoded frame the viewer showed. */
export interface GlassSample {
  /** Drawn on the broadcaster's canvas -> due on the viewer's screen, ms. */
  readonly glassMs: number;
  /** Drawn -> the frame's last packet received by the viewer, ms (capture, encode, send, SFU, network). */
  readonly receivedMs: number | null;
}

export interface GlassReading {
  readonly samples: readonly GlassSample[];
  /** Frames whose code did not check (bits and complements disagree), or that were never drawn. */
  readonly unreadable: number;
}

/** The steps of the viewer's join, ms since its navigation started (see the web client's stats-probe.ts). */
export type JoinTimings = Readonly<Record<string, number>>;

/**
 * Makes every page of `context` get the time-coded canvas instead of the fake camera's video (the
 * microphone stays), at the size and frame rate the fake camera would have given.
 */
export async function useTimeCodedCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: NAME_HELPER });
  await context.addInitScript((code: Code) => {
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const camera = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const media = await camera(constraints);
      const [fake] = media.getVideoTracks();
      if (!fake) return media;
      const { width = 640, height = 480, frameRate = 30 } = fake.getSettings();
      fake.stop();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d')!;
      const track = canvas.captureStream(0).getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
      const cellW = width / code.columns;
      const cellH = height / code.rows;
      // When each frame was drawn, by its number: the glass reading joins the viewer's frames to it.
      const drawn: number[] = [];
      (window as unknown as { glassDrawn: number[] }).glassDrawn = drawn;
      const draw = () => {
        const frame = drawn.length % 2 ** code.bits;
        drawn.push(Date.now());
        const value = frame ^ (frame >> 1);
        g.fillStyle = 'rgb(128,128,128)';
        g.fillRect(0, 0, width, height);
        for (let i = 0; i < code.columns * code.rows; i++) {
          const bit = (value >> (i % code.bits)) & 1;
          const white = i < code.bits ? bit === 1 : bit === 0;
          g.fillStyle = white ? '#fff' : '#000';
          // A margin around each cell, so that blur across cell borders never reaches a cell's centre.
          const x = (i % code.columns) * cellW;
          const y = Math.floor(i / code.columns) * cellH;
          g.fillRect(x + cellW * 0.1, y + cellH * 0.1, cellW * 0.8, cellH * 0.8);
        }
        track.requestFrame();
      };
      const timer = setInterval(draw, 1000 / frameRate);
      track.addEventListener('ended', () => clearInterval(timer));
      draw();
      return new MediaStream([track, ...media.getAudioTracks()]);
    };
  }, CODE);
}

/** Starts reading the code of every frame the viewer's stream video shows (the first one on the page). */
export async function startGlassReader(page: Page): Promise<void> {
  await page.locator('[data-testid="stream-video-element"]').first().waitFor({ state: 'attached' });
  await page.evaluate(NAME_HELPER);
  await page.evaluate((code: Code) => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="stream-video-element"]')!;
    // Each cell becomes 8x8 pixels; the centre 4x4 of it is averaged.
    const canvas = document.createElement('canvas');
    canvas.width = code.columns * 8;
    canvas.height = code.rows * 8;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    const reading = { shown: [] as ShownFrame[], unreadable: 0 };
    (window as unknown as { glassShown: typeof reading }).glassShown = reading;
    // The wall-clock time of performance-timeline time `at`.
    const wall = (at: number) => Date.now() + (at - performance.now());
    const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
      g.drawImage(video, 0, 0, canvas.width, canvas.height);
      const { data } = g.getImageData(0, 0, canvas.width, canvas.height);
      const white = (i: number) => {
        const cx = (i % code.columns) * 8 + 2;
        const cy = Math.floor(i / code.columns) * 8 + 2;
        let sum = 0;
        for (let y = cy; y < cy + 4; y++)
          for (let x = cx; x < cx + 4; x++) sum += data[(y * canvas.width + x) * 4 + 1]!;
        return sum / 16 > 128;
      };
      let value = 0;
      let valid = true;
      for (let i = 0; i < code.bits; i++) {
        const bit = white(i);
        if (bit === white(i + code.bits)) valid = false;
        if (bit) value |= 1 << i;
      }
      // Gray code back to the frame's number.
      let number = value;
      for (let shift = 1; shift < code.bits; shift <<= 1) number ^= number >> shift;
      if (valid)
        reading.shown.push({
          frame: number,
          dueAt: wall(frame.expectedDisplayTime),
          receivedAt: frame.receiveTime === undefined ? null : wall(frame.receiveTime),
        });
      else reading.unreadable += 1;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }, CODE);
}

/** How many frames the viewer's reader has read so far. */
function framesRead(viewer: Page): Promise<number> {
  return viewer.evaluate(
    () => (window as unknown as { glassShown?: { shown: unknown[] } }).glassShown?.shown.length ?? 0,
  );
}

/**
 * Waits until the viewer's reader has `frames` readable frames (or `timeoutMs` passes), then joins
 * them to the streamer's page's drawing times: drawn -> due on screen, and drawn -> received.
 */
export async function readGlass(
  viewer: Page,
  streamer: Page,
  frames: number,
  timeoutMs = 60_000,
): Promise<GlassReading> {
  const deadline = Date.now() + timeoutMs;
  while ((await framesRead(viewer)) < frames && Date.now() < deadline) await viewer.waitForTimeout(250);
  const { shown, unreadable } = await viewer.evaluate(
    () => (window as unknown as { glassShown: { shown: ShownFrame[]; unreadable: number } }).glassShown,
  );
  const drawn = await streamer.evaluate(() => (window as unknown as { glassDrawn?: number[] }).glassDrawn ?? []);
  const samples: GlassSample[] = [];
  for (const { frame, dueAt, receivedAt } of shown) {
    const at = drawn[frame];
    if (at === undefined) continue;
    samples.push({
      glassMs: Math.round(dueAt - at),
      receivedMs: receivedAt === null ? null : Math.round(receivedAt - at),
    });
  }
  return { samples, unreadable: unreadable + shown.length - samples.length };
}

/** The viewer's join steps (the web client's `live-join:*` marks), once its first frame has been shown. */
export async function joinTimings(page: Page, timeoutMs = 30_000): Promise<JoinTimings> {
  await page.waitForFunction(() => performance.getEntriesByName('live-join:first-frame', 'mark').length > 0, null, {
    timeout: timeoutMs,
  });
  return page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('live-join:'))
        .map((m) => [m.name.slice('live-join:'.length), Math.round(m.startTime)]),
    ),
  );
}

/** "step 123" pairs in the order the steps happened, for a log line. */
export function describeJoin(timings: JoinTimings): string {
  return Object.entries(timings)
    .sort(([, a], [, b]) => a - b)
    .map(([step, ms]) => `${step} ${ms}`)
    .join(', ');
}
