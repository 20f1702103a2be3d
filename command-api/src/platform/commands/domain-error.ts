/**
 * A refusal the caller can act on: becomes a 4xx answer `{ error: code, field?, message }`.
 * `message` is shown to people as it is.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The stream kept changing under us: retried and still conflicting. */
export class ConcurrencyConflictError extends DomainError {
  constructor(stream: string, attempts: number) {
    super('concurrency_conflict', `${stream} changed concurrently ${attempts} times; please retry`, 409);
  }
}
