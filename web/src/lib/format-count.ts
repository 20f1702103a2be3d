/**
 * A count as the side actions show it: as is below 1,000, then K and M with one decimal at most,
 * rounded down so a count never reads higher than it is (1,250 reads "1.2K", 3,400,000 "3.4M").
 */
export function formatCount(n: number): string {
  if (n >= 1_000_000) return `${oneDecimalDown(n / 1_000_000)}M`;
  if (n >= 1_000) return `${oneDecimalDown(n / 1_000)}K`;
  return String(n);
}

function oneDecimalDown(x: number): string {
  return (Math.floor(x * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** A count with what it counts, singular for exactly one: "1 post", "1.2K followers". */
export function formatCountOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
