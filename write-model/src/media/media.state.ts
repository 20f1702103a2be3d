import type { MediaEvent, MediaObjectKind, MediaPurpose, MediaVariant, MediaVariantName } from '@myworld/schemas';

/** A media object (stream `media-{id}`) as its events leave it. */
export type MediaState =
  | { readonly status: 'none' }
  | {
      /** `deleted`: its files are gone (its content was deleted or removed); nothing serves or processes it again. */
      readonly status: 'uploaded' | 'processed' | 'failed' | 'deleted';
      readonly mediaId: string;
      readonly ownerId: string;
      readonly key: string;
      readonly purpose: MediaPurpose;
      readonly kind: MediaObjectKind;
      readonly contentType: string;
      readonly size: number;
      readonly variants: Partial<Record<MediaVariantName, MediaVariant>>;
      readonly failureReason: string | null;
    };

export type AttachedMedia = Exclude<MediaState, { status: 'none' }>;

export const initialMediaState = (): MediaState => ({ status: 'none' });

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'MediaUploaded': {
      const { mediaId, ownerId, key, purpose, kind, contentType, size } = event.data;
      return {
        status: 'uploaded',
        mediaId,
        ownerId,
        key,
        purpose,
        kind,
        contentType,
        size,
        variants: {},
        failureReason: null,
      };
    }
    case 'MediaProcessed':
      return state.status === 'none' || state.status === 'deleted'
        ? state
        : { ...state, status: 'processed', variants: event.data.variants, failureReason: null };
    case 'MediaProcessingFailed':
      return state.status === 'none' || state.status === 'deleted'
        ? state
        : { ...state, status: 'failed', failureReason: event.data.reason };
    case 'MediaDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
  }
}
