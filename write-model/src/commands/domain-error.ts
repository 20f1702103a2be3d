/**
 * A refusal the caller can act on: becomes a 4xx answer `{ error: code, field?, message }`.
 * `message` is shown to people as it is.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 503 = 400,
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

/** An Idempotency-Key already used by a request with another method, route or body (as Stripe answers). */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request.',
      422,
      'Idempotency-Key',
    );
  }
}
