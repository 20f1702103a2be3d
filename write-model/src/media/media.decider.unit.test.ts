import { describe, it } from 'vitest';
import type { MediaEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { mediaDecider } from './media.decider.ts';

const now = new Date('2026-11-27T10:00:00.000Z');
const spec = deciderSpec(mediaDecider);
const key = 'media/m1/original-1';
const uploaded: MediaEvent = {
  type: 'MediaUploaded',
  data: {
    mediaId: 'm1',
    ownerId: 'ada',
    key,
    purpose: 'post_photo',
    kind: 'image',
    contentType: 'image/jpeg',
    size: 10,
    uploadedAt: now.toISOString(),
  },
};
const display = { key: 'media/m1/display.webp', contentType: 'image/webp', size: 5, width: 1, height: 1 };
const processed: MediaEvent = {
  type: 'MediaProcessed',
  data: { mediaId: 'm1', variants: { display }, durationSeconds: null, processedAt: now.toISOString() },
};
const deleted: MediaEvent = {
  type: 'MediaDeleted',
  data: { mediaId: 'm1', reason: 'post_deleted', keys: [key, display.key], deletedAt: now.toISOString() },
};
const remove = { type: 'RecordDeleted', reason: 'post_deleted', keys: [key, display.key], now } as const;

describe('media decider: deletion (media-{id})', () => {
  it('records MediaDeleted once, with the keys deleted; again (a replayed trigger) records nothing; an unknown object nothing', () => {
    spec.given(uploaded, processed).when(remove).then([deleted]);
    spec.given(uploaded).when(remove).then([deleted]);
    spec
      .given(uploaded, processed, deleted)
      .when({ ...remove, reason: 'account_deleted' })
      .then([]);
    spec.given().when(remove).then([]);
  });

  it('processing that ends after the deletion records nothing', () => {
    spec
      .given(uploaded, deleted)
      .when({ type: 'RecordProcessed', variants: { display }, durationSeconds: null, now })
      .then([]);
    spec.given(uploaded, deleted).when({ type: 'RecordProcessingFailed', reason: 'x', now }).then([]);
  });
});
