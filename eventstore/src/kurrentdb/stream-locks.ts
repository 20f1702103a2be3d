/**
 * Runs tasks for the same key one after another (different keys in parallel). The adapter
 * serialises its own appends per stream so that a retry racing the original inside one process
 * sees the original's events and becomes a no-op, instead of relying on the server's best-effort
 * duplicate check for "any".
 */
export class KeyedSerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task); // tails never reject, so a failure does not block the next task
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // Forget the key once nothing is queued behind this task, so the map stays small.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Number of keys with queued or running work (for tests). */
  get activeKeys(): number {
    return this.tails.size;
  }
}
