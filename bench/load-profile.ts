import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of this process (where the bench runs the API) while `work` runs, written to
 * `file` (open it in Chrome's DevTools, Performance). Without `file`, just `work`.
 */
export async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // Every 250 µs: a feed request takes well under a millisecond of CPU.
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
}
