import type {
  MediaDeletionReason,
  MediaEvent,
  MediaObjectKind,
  MediaPurpose,
  MediaVariant,
  MediaVariantName,
} from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveMedia, initialMediaState, type MediaState } from './media.state.ts';

/**
 * Commands of the media object aggregate. Attaching records an upload the route already checked
 * (owner, content type, size); processing outcomes come from the workers.
 */
export type MediaCommand =
  | {
      readonly type: 'AttachUpload';
      readonly mediaId: string;
      readonly ownerId: string;
      readonly key: string;
      readonly purpose: MediaPurpose;
      readonly kind: MediaObjectKind;
      readonly contentType: string;
      readonly size: number;
      readonly now: Date;
    }
  | {
      readonly type: 'RecordProcessed';
      readonly variants: Partial<Record<MediaVariantName, MediaVariant>>;
      readonly durationSeconds: number | null;
      readonly now: Date;
    }
  | { readonly type: 'RecordProcessingFailed'; readonly reason: string; readonly now: Date }
  | {
      readonly type: 'RecordDeleted';
      readonly reason: MediaDeletionReason;
      readonly keys: readonly string[];
      readonly now: Date;
    };

export function decideMedia(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.type) {
    case 'AttachUpload': {
      // Attaching the same upload again (a retry, or a second use) records nothing new.
      if (state.status !== 'none') {
        if (state.ownerId !== command.ownerId)
          throw new DomainError('forbidden', 'This upload does not belong to you', 403);
        return [];
      }
      const { mediaId, ownerId, key, purpose, kind, contentType, size, now } = command;
      return [
        {
          type: 'MediaUploaded',
          data: { mediaId, ownerId, key, purpose, kind, contentType, size, uploadedAt: now.toISOString() },
        },
      ];
    }
    case 'RecordProcessed': {
      if (state.status === 'none') throw new DomainError('not_found', 'No such media', 404);
      // A rerun of a job that already finished (a worker crash after appending) records nothing;
      // nor does processing that ends after the files were deleted.
      if (state.status === 'processed' || state.status === 'deleted') return [];
      return [
        {
          type: 'MediaProcessed',
          data: {
            mediaId: state.mediaId,
            variants: command.variants,
            durationSeconds: command.durationSeconds,
            processedAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'RecordProcessingFailed': {
      if (state.status === 'none') throw new DomainError('not_found', 'No such media', 404);
      if (state.status !== 'uploaded') return [];
      return [
        {
          type: 'MediaProcessingFailed',
          data: { mediaId: state.mediaId, reason: command.reason, failedAt: command.now.toISOString() },
        },
      ];
    }
    case 'RecordDeleted': {
      // Deleting again (a replayed trigger, a second reason) records nothing.
      if (state.status === 'none' || state.status === 'deleted') return [];
      return [
        {
          type: 'MediaDeleted',
          data: {
            mediaId: state.mediaId,
            reason: command.reason,
            keys: [...command.keys],
            deletedAt: command.now.toISOString(),
          },
        },
      ];
    }
  }
}

export const mediaDecider: Decider<MediaState, MediaCommand, MediaEvent> = {
  initialState: initialMediaState,
  decide: decideMedia,
  evolve: evolveMedia,
};
