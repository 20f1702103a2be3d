/** How live stream numbers and words read on screen. */

/** Viewer counts with K from 1,000 and M from 1,000,000, one decimal at most, rounded down. */
export function formatViewerCount(n: number): string {
  if (n >= 1_000_000) return `${trimZero(n / 1_000_000)}M`;
  if (n >= 1_000) return `${trimZero(n / 1_000)}K`;
  return String(n);
}

function trimZero(x: number): string {
  return (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** How long a stream has been live: minutes, or hours and minutes ("4m", "1h 25m"). */
export function formatStreamAge(startedAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(startedAt).getTime()) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

export { capitalize } from '../../../lib/labels.ts';
