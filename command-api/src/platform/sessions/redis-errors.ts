/**
 * Whether an error means Redis could not be reached (refused, closed, timed out, out of retries):
 * the request gets 503 `service_unavailable`, not 500.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return /^(Connection is closed|Command timed out|Stream isn't writeable|connect ECONNREFUSED)/.test(error.message);
}
