import type pg from 'pg';

/** What to do with a connection the server ended: log it (the pool replaces the connection). */
export type ConnectionErrorHandler = (error: Error) => void;

/**
 * Keeps `pool` from crashing the process when the server ends one of its connections (a restart,
 * pg_terminate_backend, a dropped database: 57P01). pg emits `error` on such a client, and the
 * pool listens only while the client is idle: one checked out between two statements of a
 * transaction had no listener, and its `error` was unhandled. With a listener on every client,
 * the statement in flight (or the next one) fails instead and the pool discards the client.
 * `onError` hears of each lost connection once (pg emits the server's message, then "Connection
 * terminated unexpectedly").
 */
export function survivesConnectionLoss<P extends pg.Pool>(
  pool: P,
  onError: ConnectionErrorHandler = () => undefined,
): P {
  // The pool re-emits an idle client's error, already reported by the client's own listener.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', firstOnly(onError)));
  return pool;
}

/** `handle` for the first error of a connection only; later ones tell of the same loss. */
export function firstOnly(handle: ConnectionErrorHandler): ConnectionErrorHandler {
  let reported = false;
  return (error) => {
    if (reported) return;
    reported = true;
    handle(error);
  };
}
