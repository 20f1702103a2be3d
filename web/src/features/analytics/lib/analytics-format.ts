// Counts use the app's one K/M formatter, lib/format-count.ts (K from 1,000, M from 1,000,000).

/** A percentage with one decimal at most: 4.25 -> "4.3%", 3 -> "3%". */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(1))}%`;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/** A change against the previous window, as its direction and its size ("+12.5%" reads as up "12.5%"). */
export function describeChange(change: number): { direction: ChangeDirection; text: string } {
  const direction: ChangeDirection = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return { direction, text: formatPercent(Math.abs(change)) };
}
