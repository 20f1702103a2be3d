/**
 * How long ago something happened, in natural wording ("5 minutes ago"). Shared by
 * every feature that dates things (feed items, comments), so they all read alike.
 */
const UNITS: { seconds: number; name: string }[] = [
  { seconds: 365 * 24 * 3600, name: 'year' },
  { seconds: 30 * 24 * 3600, name: 'month' },
  { seconds: 7 * 24 * 3600, name: 'week' },
  { seconds: 24 * 3600, name: 'day' },
  { seconds: 3600, name: 'hour' },
  { seconds: 60, name: 'minute' },
];

export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  // A time slightly ahead of this browser's clock (clock skew) still reads "just now".
  const elapsed = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  for (const unit of UNITS) {
    const n = Math.floor(elapsed / unit.seconds);
    if (n >= 1) return `${n} ${unit.name}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
