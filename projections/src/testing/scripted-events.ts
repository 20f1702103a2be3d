import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { formatPosition, type EventData, type EventType } from '@myworld/schemas';

/**
 * Events appended straight to the log, for read-model tests that need chosen times (trending) or
 * outcomes the product takes minutes to reach (a processed video). Payloads are typed by event
 * type, so they stay what the product would have written.
 */
export async function appendEvent<T extends EventType>(
  store: EventStore,
  stream: string,
  type: T,
  data: EventData<T>,
): Promise<string> {
  // Answers the event's position as X-Min-Position takes it.
  const result = await store.append(stream, expected.any, [{ id: randomUUID(), type, data, metadata: testMetadata() }]);
  return formatPosition(result.position);
}

/** What a scripted post answers: its id, and the position of its last event (for X-Min-Position). */
export interface ScriptedPost {
  readonly id: string;
  readonly position: string;
}

/** A text post by `authorId` at `at` (default now). */
export async function appendTextPost(
  store: EventStore,
  authorId: string,
  content: string,
  at = new Date(),
): Promise<ScriptedPost> {
  const postId = randomUUID();
  const position = await appendEvent(store, `post-${postId}`, 'TextPostCreated', {
    postId,
    authorId,
    content,
    backgroundColor: '#000000',
    textColor: '#ffffff',
    fontStyle: 'normal',
    imageUrl: null,
    imageMediaId: null,
    createdAt: at.toISOString(),
  });
  return { id: postId, position };
}

/**
 * A video post and what processing said about its media: `processed` (before or after the post,
 * by `outcomeFirst`), `failed`, or nothing yet (`processing`).
 */
export async function appendVideoPost(
  store: EventStore,
  authorId: string,
  description: string,
  {
    outcome = 'processed',
    outcomeFirst = false,
    category = 'travel',
    at = new Date(),
  }: {
    outcome?: 'processed' | 'failed' | 'processing';
    outcomeFirst?: boolean;
    category?: EventData<'VideoPostSubmitted'>['category'];
    at?: Date;
  } = {},
): Promise<ScriptedPost> {
  const postId = randomUUID();
  const mediaId = randomUUID();
  const variant = (key: string, contentType: string) => ({
    key: `${mediaId}/${key}`,
    contentType,
    size: 1000,
    width: 720,
    height: 1280,
  });
  const submit = () =>
    appendEvent(store, `post-${postId}`, 'VideoPostSubmitted', {
      postId,
      authorId,
      mediaId,
      description,
      category,
      createdAt: at.toISOString(),
    });
  const settle = async (): Promise<string | undefined> => {
    if (outcome === 'processed') {
      return appendEvent(store, `media-${mediaId}`, 'MediaProcessed', {
        mediaId,
        variants: { video: variant('video.mp4', 'video/mp4'), poster: variant('poster.jpg', 'image/jpeg') },
        durationSeconds: 10,
        processedAt: at.toISOString(),
      });
    } else if (outcome === 'failed') {
      return appendEvent(store, `media-${mediaId}`, 'MediaProcessingFailed', {
        mediaId,
        reason: 'unreadable',
        failedAt: at.toISOString(),
      });
    }
    return undefined;
  };
  if (outcomeFirst) {
    await settle();
    return { id: postId, position: await submit() };
  }
  const submitted = await submit();
  return { id: postId, position: (await settle()) ?? submitted };
}
