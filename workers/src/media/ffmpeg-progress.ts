/**
 * Turns ffmpeg's `-progress pipe:1` lines (`key=value`, a block per half second, ending in
 * `progress=continue|end`) into fractions of the duration, increasing only, 1 at the end.
 * Without a known duration there is nothing to divide by: only the final 1 is reported.
 */
export function progressReporter(
  durationSeconds: number | null,
  onProgress: (fraction: number) => void,
): (line: string) => void {
  let last = 0;
  const report = (fraction: number) => {
    if (fraction <= last) return;
    last = fraction;
    onProgress(fraction);
  };
  return (line) => {
    const eq = line.indexOf('=');
    if (eq < 0) return;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === 'progress' && value === 'end') return report(1);
    // out_time_us is the output timestamp in microseconds; "N/A" before the first frame.
    if (key !== 'out_time_us' || !durationSeconds) return;
    const micros = Number(value);
    if (!Number.isFinite(micros) || micros <= 0) return;
    // Capped below 1 so that only `progress=end` says it is done.
    report(Math.min(0.99, micros / 1e6 / durationSeconds));
  };
}
