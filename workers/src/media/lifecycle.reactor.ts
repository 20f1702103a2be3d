import type { Queue } from 'bullmq';
import type { RecordedEvent } from '@myworld/eventstore';
import { formatPosition, readEvent, type DomainEvent } from '@myworld/schemas';
import { mediaLifecycleJobFor, type MediaLifecycleJob } from './lifecycle.jobs.ts';

const TRIGGERS = new Set(['PostDeleted', 'ContentRemoved', 'StoryExpired', 'AccountDeleted']);

type Target = Pick<MediaLifecycleJob, 'subject' | 'subjectId' | 'reason'>;

/**
 * What a content-ending event deletes. A removed user is only suspended (an admin may reinstate
 * them), and hidden content may be restored: those files are refused by `/objects` (the media
 * read model's holds), never deleted.
 */
function targetOf(event: DomainEvent): Target | undefined {
  switch (event.type) {
    case 'PostDeleted':
      return { subject: 'post', subjectId: event.data.postId, reason: 'post_deleted' };
    case 'StoryExpired':
      return event.data.mediaId
        ? { subject: 'story', subjectId: event.data.storyId, reason: 'story_expired' }
        : undefined;
    case 'AccountDeleted':
      return { subject: 'account', subjectId: event.data.userId, reason: 'account_deleted' };
    case 'ContentRemoved': {
      const { contentType, contentId } = event.data;
      if (contentType === 'video' || contentType === 'text_post')
        return { subject: 'post', subjectId: contentId, reason: 'content_removed' };
      if (contentType === 'story') return { subject: 'story', subjectId: contentId, reason: 'content_removed' };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** One deletion job per event that ends content with files for good; every other event is skipped unread. */
export function lifecycleJobsFor(batch: readonly RecordedEvent[]) {
  const jobs: Array<ReturnType<typeof mediaLifecycleJobFor>> = [];
  for (const recorded of batch) {
    if (!TRIGGERS.has(recorded.type)) continue;
    const event = readEvent(recorded);
    const target = event && targetOf(event);
    if (!target) continue;
    jobs.push(
      mediaLifecycleJobFor({
        ...target,
        eventId: recorded.id,
        position: formatPosition(recorded.position),
        correlationId: recorded.metadata.correlationId,
      }),
    );
  }
  return jobs;
}

/** The reactor's batch handler: job id = triggering event id, so a batch handled again adds nothing. */
export function enqueueLifecycleJobs(queue: Queue) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    const jobs = lifecycleJobsFor(batch);
    if (jobs.length > 0) await queue.addBulk(jobs);
  };
}
