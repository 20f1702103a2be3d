import { Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { mediaIdsOfOwner, type MediaDb, type ReadModels } from '@myworld/projections';
import { parsePosition, postStreamName, readEvent, storyStreamName } from '@myworld/schemas';
import type { ObjectStorage } from '@myworld/storage';
import { deleteMediaObject, deleteUploadsOf } from './delete-media.ts';
import { MEDIA_LIFECYCLE_QUEUE, mediaLifecycleJob, type MediaLifecycleJob } from './lifecycle.jobs.ts';

export interface LifecycleWorkerOptions {
  readonly connection: ConnectionOptions;
  readonly prefix: string;
  readonly store: EventStore;
  readonly storage: ObjectStorage;
  readonly readModels: ReadModels;
  readonly logger: Logger;
}

/** How long a job waits for the media read model to reach an account's deletion before retrying. */
const READ_MODEL_WAIT_MS = 10_000;

/** The media objects a post or story names on its own stream. */
async function mediaOfContent(store: EventStore, stream: string): Promise<string[]> {
  const ids: string[] = [];
  for (const recorded of await store.readStream(stream)) {
    const event = readEvent(recorded);
    if (event?.type === 'TextPostCreated' && event.data.imageMediaId) ids.push(event.data.imageMediaId);
    if (event?.type === 'VideoPostSubmitted') ids.push(event.data.mediaId);
    if (event?.type === 'StoryCreated' && event.data.mediaId) ids.push(event.data.mediaId);
  }
  return ids;
}

async function mediaOfJob(data: MediaLifecycleJob, options: LifecycleWorkerOptions): Promise<string[]> {
  if (data.subject === 'post') return mediaOfContent(options.store, postStreamName(data.subjectId));
  if (data.subject === 'story') return mediaOfContent(options.store, storyStreamName(data.subjectId));
  // Every object the account attached, as the media read model lists them once it has seen the deletion.
  if (!(await options.readModels.waitFor('media', parsePosition(data.position), READ_MODEL_WAIT_MS))) {
    throw new Error(`the media read model has not reached ${data.position} yet; retrying`);
  }
  return mediaIdsOfOwner(await options.readModels.query<MediaDb>('media'), data.subjectId);
}

/**
 * Deletes the files of content gone for good: each media object of the post, story or account
 * (MediaDeleted, caused by the triggering event), and for an account also every upload it left in
 * its namespace, attached or not. Every step may run again (a crash, a retry).
 */
export function startLifecycleWorker(options: LifecycleWorkerOptions): Worker {
  const { store, storage, logger } = options;
  const worker = new Worker(
    MEDIA_LIFECYCLE_QUEUE,
    async (job) => {
      const data = mediaLifecycleJob.parse(job.data);
      const cause = { correlationId: data.correlationId, causationId: data.eventId };
      let files = 0;
      const mediaIds = await mediaOfJob(data, options);
      for (const mediaId of mediaIds)
        files += (await deleteMediaObject(storage, store, mediaId, data.reason, cause)).length;
      if (data.subject === 'account') files += await deleteUploadsOf(storage, data.subjectId);
      logger.info(
        { subject: data.subject, subjectId: data.subjectId, reason: data.reason, media: mediaIds.length, files },
        'media deleted',
      );
      return { media: mediaIds.length, files };
    },
    { connection: options.connection, prefix: options.prefix, concurrency: 2 },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'media deletion failed; will retry'),
  );
  worker.on('error', (error) => logger.error({ err: error }, 'media lifecycle worker error'));
  return worker;
}
