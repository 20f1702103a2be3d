/**
 * Retrying an upload's calls to our server: the delays before each new attempt (0, 1, 3 and 5 s), and the
 * answers worth another try (timeouts, conflicts, rate limits, locks and server errors, except
 * "not implemented" and "version not supported", which no retry fixes).
 */
export const UPLOAD_RETRY_DELAYS_MS: readonly number[] = [0, 1000, 3000, 5000];

const RETRIABLE = new Set([408, 409, 418, 423, 429]);

export function isRetriableStatus(status: number): boolean {
  return RETRIABLE.has(status) || (status >= 500 && status <= 599 && status !== 501 && status !== 505);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `attempt()`, tried again after each delay while `shouldRetry` says the failure may pass. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  delays: readonly number[] = UPLOAD_RETRY_DELAYS_MS,
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delays[i];
      if (delay === undefined || !shouldRetry(error)) throw error;
      await sleep(delay);
    }
  }
}
