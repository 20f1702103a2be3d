import { defineFeature } from '../../platform/feature.ts';
import { mediaConfig } from './config.ts';
import { mediaContext } from './context.ts';
import { abortMultipartUpload } from './routes/abort-multipart-upload.ts';
import { completeMultipartUpload } from './routes/complete-multipart-upload.ts';
import { createMultipartUpload } from './routes/create-multipart-upload.ts';
import { createUploadUrl } from './routes/create-upload-url.ts';
import { listBackgroundCategories } from './routes/list-background-categories.ts';
import { listMultipartParts } from './routes/list-multipart-parts.ts';
import { normalizePath } from './routes/normalize-path.ts';
import { searchBackgrounds } from './routes/search-backgrounds.ts';
import { serveObject } from './routes/serve-object.ts';
import { signMultipartPart } from './routes/sign-multipart-part.ts';

/**
 * Media: uploads straight to the object store (a presigned PUT, or multipart on Companion's S3
 * routes for Uppy), serving stored files, and the background catalogue's categories and search.
 * Uploads become media objects when another feature attaches them (attach-upload.ts), which
 * checks them first.
 */
export const media = defineFeature({
  name: 'media',
  config: mediaConfig,
  context: mediaContext,
  routes: [
    createUploadUrl,
    normalizePath,
    createMultipartUpload,
    signMultipartPart,
    listMultipartParts,
    completeMultipartUpload,
    abortMultipartUpload,
    serveObject,
    listBackgroundCategories,
    searchBackgrounds,
  ],
});
