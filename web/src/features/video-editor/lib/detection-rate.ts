/**
 * The face detector's frame rate: completed detections per second over the last `samples` of
 * them within `windowMs` (so it follows a slowdown, and still reads a slow detector that finishes
 * one every few seconds), and how long one detection took on average over the same ones.
 */
export class RateMeter {
  #times: number[] = [];
  #took: number[] = [];

  constructor(
    private readonly samples = 10,
    private readonly windowMs = 10_000,
  ) {}

  /** A detection that took `tookMs` finished at `now` (ms). */
  tick(now: number, tookMs = 0): void {
    this.#times.push(now);
    this.#took.push(tookMs);
    while (this.#times.length > this.samples || (this.#times.length > 0 && this.#times[0]! < now - this.windowMs)) {
      this.#times.shift();
      this.#took.shift();
    }
  }

  /** Milliseconds per detection, or null before any. */
  meanDuration(): number | null {
    return this.#took.length > 0 ? this.#took.reduce((a, b) => a + b, 0) / this.#took.length : null;
  }

  /** Detections per second, or null until two have finished within the window. */
  rate(): number | null {
    const n = this.#times.length;
    if (n < 2) return null;
    const span = this.#times[n - 1]! - this.#times[0]!;
    return span > 0 ? ((n - 1) * 1000) / span : null;
  }
}
