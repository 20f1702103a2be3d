import {
  BucketAlreadyOwnedByYou,
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ObjectStorage } from './object-storage.ts';

/**
 * Creates the bucket when it is missing and lets browsers on `corsOrigins` PUT to it (presigned
 * uploads, multipart parts) and read the ETag each part answers. Safe to run at every start.
 * Stores whose CORS is configured elsewhere (the local Swift, in its proxy settings) answer
 * PutBucketCors with NotImplemented: that is reported, not an error.
 */
export async function ensureBucket(
  storage: ObjectStorage,
  { corsOrigins }: { corsOrigins: readonly string[] },
): Promise<{ created: boolean; cors: 'set' | 'store-managed' }> {
  const { s3, bucket } = storage;
  let created = false;
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (!(error instanceof S3ServiceException) || error.$metadata.httpStatusCode !== 404) throw error;
    try {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      created = true;
    } catch (createError) {
      // Another process created it in between.
      if (!(createError instanceof BucketAlreadyOwnedByYou)) throw createError;
    }
  }
  try {
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [...corsOrigins],
              AllowedMethods: ['PUT', 'GET', 'HEAD'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      }),
    );
    return { created, cors: 'set' };
  } catch (error) {
    if (
      error instanceof S3ServiceException &&
      (error.name === 'NotImplemented' || error.$metadata.httpStatusCode === 501)
    )
      return { created, cors: 'store-managed' };
    throw error;
  }
}
