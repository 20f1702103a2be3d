import { DelayedError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { loadStory, runStoryCommand } from '@myworld/write-model/stories';
import type { ObjectStorage } from '@myworld/storage';
import { storyStreamName } from '@myworld/schemas';
import { STORY_EXPIRY_QUEUE, storyExpiryJob, type StoryExpiryJob } from './expiry.jobs.ts';
import { deleteMediaFiles } from './media-files.ts';
import { systemMetadata } from '../platform/system-metadata.ts';

export interface ExpiryWorkerOptions {
  readonly connection: ConnectionOptions;
  readonly prefix: string;
  readonly store: EventStore;
  readonly storage: ObjectStorage;
  readonly logger: Logger;
}

/**
 * The job's cause, or for a job the schedule rebuilt from the read model (which keeps no event
 * ids) the story's StoryCreated: a rebuilt job can win the race against the reactor's own, and
 * StoryExpired is caused by the story's creation either way.
 */
async function withCause(store: EventStore, job: StoryExpiryJob): Promise<StoryExpiryJob> {
  if (job.causationId !== null) return job;
  const [created] = await store.readStream(storyStreamName(job.storyId));
  return created ? { ...job, causationId: created.id, correlationId: created.metadata.correlationId } : job;
}

/** Deletions are quick: several stories expire at once. */
const CONCURRENCY = 5;

/**
 * Expires each story when its time is up: appends StoryExpired on `story-{id}`, then deletes the
 * story's media files (original and variants). Every step may run again (a crash, a retry): the
 * aggregate records the expiry once, and deleting a deleted file is nothing. A job that runs early
 * waits until the story's time; a media object still processing fails the job so a retry deletes
 * the variants processing makes.
 */
export function startExpiryWorker(options: ExpiryWorkerOptions): Worker {
  const { store, storage, logger } = options;
  const worker = new Worker(
    STORY_EXPIRY_QUEUE,
    async (job, token) => {
      const data = storyExpiryJob.parse(job.data);
      const story = await loadStory(store, data.storyId);
      if (story.status === 'none') {
        logger.warn({ storyId: data.storyId }, 'expiry job for an unknown story');
        return { expired: false };
      }
      const now = new Date();
      if (story.status === 'active' && now < story.expiresAt) {
        await job.moveToDelayed(story.expiresAt.getTime(), token);
        throw new DelayedError();
      }
      const metadata = systemMetadata(await withCause(store, data));
      await runStoryCommand(store, data.storyId, { type: 'ExpireStory', now }, { metadata });
      const files = story.mediaId
        ? await deleteMediaFiles(storage, store, story.mediaId)
        : { keys: [], pending: false };
      if (files.pending)
        throw new Error(
          `media ${story.mediaId} of story ${data.storyId} is still processing; its files are deleted again on retry`,
        );
      logger.info({ storyId: data.storyId, deleted: files.keys.length }, 'story expired');
      return { expired: true, deleted: files.keys };
    },
    { connection: options.connection, prefix: options.prefix, concurrency: CONCURRENCY },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'story expiry failed; will retry'),
  );
  worker.on('error', (error) => logger.error({ err: error }, 'story expiry worker error'));
  return worker;
}
