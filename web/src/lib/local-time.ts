/** A datetime-local input's value ("2030-01-01T10:00", the browser's local time) as an ISO instant; null if empty or invalid. */
export function localInputToIso(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
