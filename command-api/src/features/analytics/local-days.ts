const HOUR_MS = 3_600_000;

/**
 * The start of the hour holding local midnight of the day `daysBack` days before the local day of
 * `at`, in `timeZone` (IANA). The read models count by whole UTC hours, so in the few zones a
 * half hour off UTC a local day starts with the hour that holds its midnight.
 */
export function localMidnightHour(at: number, timeZone: string, daysBack: number): number {
  const { year, month, day } = localParts(at, timeZone);
  const midnightAsUtc = Date.UTC(year, month - 1, day - daysBack);
  // The zone's offset at that midnight (found from a first guess, so a DST change between is counted).
  const guess = midnightAsUtc - offsetAt(at, timeZone);
  const midnight = midnightAsUtc - offsetAt(guess, timeZone);
  return Math.floor(midnight / HOUR_MS) * HOUR_MS;
}

/** How far local time in `timeZone` is ahead of UTC at instant `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(at / 60_000) * 60_000;
}

/** One formatter per zone: building one costs far more than using it, and a 90-day window asks 180 times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localParts(at: number, timeZone: string) {
  return Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
}
