import type { Queue } from 'bullmq';
import { storyExpiries, type ReadModels, type StoriesDb } from '@myworld/projections';
import { storyExpiryJobFor } from './expiry.jobs.ts';

const PAGE = 1000;

/**
 * Rebuilds the expiry schedule from the `stories` read model, which holds every story the log has
 * not expired: each one's job is added again with its remaining delay (job id = story id, so a job
 * still in Redis is kept as it is), and failed jobs are retried. Run at start, so jobs lost with
 * Redis (or dropped after failing for good) come back; the reactor covers what the read model has
 * not reached yet.
 */
export async function rebuildExpirySchedule(
  queue: Queue,
  readModels: ReadModels,
  now = Date.now(),
): Promise<{ stories: number; retried: number }> {
  const db = await readModels.query<StoriesDb>('stories');
  let stories = 0;
  for (let after: string | undefined; ;) {
    const page = await storyExpiries(db, { ...(after === undefined ? {} : { after }), limit: PAGE });
    if (page.length === 0) break;
    await queue.addBulk(
      page.map(({ storyId, expiresAt }) =>
        storyExpiryJobFor(
          { storyId, expiresAt: expiresAt.toISOString(), causationId: null, correlationId: storyId },
          now,
        ),
      ),
    );
    stories += page.length;
    after = page.at(-1)!.storyId;
  }
  let retried = 0;
  for (const job of await queue.getFailed()) {
    await job.retry('failed');
    retried++;
  }
  return { stories, retried };
}
