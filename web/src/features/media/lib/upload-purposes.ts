import type { Restrictions } from '@uppy/core';
import { MEDIA_MAX_BYTES, UPLOAD_DEFAULT_MAX_BYTES } from '@myworld/schemas';
import type { UploadPurpose } from '../../../lib/slots.tsx';

/** What an uploader is for (the contract in lib/slots.tsx); each use has its restrictions. */
export type { UploadPurpose };

/**
 * The unreachable background tab of Customize Profile takes 10 MB; the server still
 * holds a background to its own limit (MEDIA_MAX_BYTES.profile_background) when it is attached.
 */
const BACKGROUND_TAB_MAX_BYTES = 10 * 1024 * 1024;

const IMAGES = ['image/*'];
/** /quick-videos takes any video type (no type or length is enforced beyond the server's size). */
const VIDEOS = ['video/*'];

/** Uppy's restrictions: everything unset unless a purpose sets it. */
const unset: Restrictions = {
  maxFileSize: null,
  minFileSize: null,
  maxTotalFileSize: null,
  maxNumberOfFiles: null,
  minNumberOfFiles: null,
  allowedFileTypes: null,
  requiredMetaFields: [],
};

export const UPLOAD_RESTRICTIONS: Readonly<Record<UploadPurpose, Restrictions>> = {
  profilePicture: {
    ...unset,
    maxNumberOfFiles: 1,
    maxFileSize: MEDIA_MAX_BYTES.profile_picture,
    allowedFileTypes: IMAGES,
  },
  profileBackground: {
    ...unset,
    maxNumberOfFiles: 1,
    maxFileSize: MEDIA_MAX_BYTES.profile_background,
    allowedFileTypes: IMAGES,
  },
  backgroundTabImage: {
    ...unset,
    maxNumberOfFiles: 1,
    maxFileSize: BACKGROUND_TAB_MAX_BYTES,
    allowedFileTypes: IMAGES,
  },
  // A text post's one photo (10 MB) and a short video (the server's video limit).
  postPhoto: { ...unset, maxNumberOfFiles: 1, maxFileSize: MEDIA_MAX_BYTES.post_photo, allowedFileTypes: IMAGES },
  video: { ...unset, maxNumberOfFiles: 1, maxFileSize: MEDIA_MAX_BYTES.video, allowedFileTypes: VIDEOS },
  default: { ...unset, maxNumberOfFiles: 1, maxFileSize: UPLOAD_DEFAULT_MAX_BYTES },
};
