import { Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { loadMedia, runMediaCommand } from '@myworld/write-model/media';
import type { ObjectStorage } from '@myworld/storage';
import { MediaProcessingError } from './media-processing-error.ts';
import { processMediaObject } from './process-media-object.ts';
import { MEDIA_PROCESSING_QUEUE, mediaProcessingJob, type MediaProcessingJob } from './processing.jobs.ts';
import { systemMetadata } from '../platform/system-metadata.ts';

export interface ProcessingWorkerOptions {
  readonly connection: ConnectionOptions;
  readonly prefix: string;
  readonly concurrency: number;
  /** Seconds without a lock renewal after which a job counts as stalled (its worker died) and runs again. */
  readonly lockSeconds: number;
  readonly storage: ObjectStorage;
  readonly store: EventStore;
  readonly logger: Logger;
}

/**
 * Processes each media object and records the outcome on its stream: MediaProcessed, or
 * MediaProcessingFailed with the reason once the input cannot be processed (not retryable) or
 * the last attempt failed. Retryable failures (a timeout, a crashed tool, the store away) are
 * retried with back-off. A job that reruns after a crash records nothing twice: the aggregate
 * refuses a second outcome.
 */
export function startProcessingWorker(options: ProcessingWorkerOptions): Worker {
  const { storage, store, logger } = options;
  const worker = new Worker(
    MEDIA_PROCESSING_QUEUE,
    async (job) => {
      const data = mediaProcessingJob.parse(job.data);
      const started = Date.now();
      // The outcome is caused by the upload event, in its correlation (timestamped when recorded).
      const outcome = () => ({
        metadata: systemMetadata({ correlationId: data.correlationId, causationId: data.eventId }),
      });
      try {
        if ((await loadMedia(store, data.mediaId)).status === 'deleted') return { processed: false, reason: 'deleted' };
        const processed = await processMediaObject(
          storage,
          data,
          (fraction) => void job.updateProgress(Math.round(fraction * 100)),
        );
        const recorded = await runMediaCommand(
          store,
          data.mediaId,
          { type: 'RecordProcessed', ...processed, now: new Date() },
          outcome(),
        );
        // Its content went for good while it was processing: what processing wrote goes too.
        if (recorded.state.status === 'deleted') {
          for (const variant of Object.values(processed.variants)) if (variant) await storage.delete(variant.key);
          return { processed: false, reason: 'deleted' };
        }
        logger.info(
          { jobId: job.id, mediaId: data.mediaId, kind: data.kind, ms: Date.now() - started },
          'media processed',
        );
        return { processed: true };
      } catch (error) {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        const final = error instanceof MediaProcessingError ? !error.retryable || lastAttempt : lastAttempt;
        if (!final) throw error;
        const reason = error instanceof MediaProcessingError ? error.reason : 'processing failed after every retry';
        await runMediaCommand(
          store,
          data.mediaId,
          { type: 'RecordProcessingFailed', reason, now: new Date() },
          outcome(),
        );
        logger.warn({ jobId: job.id, mediaId: data.mediaId, err: error }, 'media processing failed for good');
        return { processed: false, reason };
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockSeconds * 1000,
      stalledInterval: options.lockSeconds * 1000,
    },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'media processing failed; will retry'),
  );
  worker.on('error', (error) => logger.error({ err: error }, 'media processing worker error'));
  return worker;
}
