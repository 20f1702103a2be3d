// @myworld/storage: object storage on an S3-compatible store, for the API and the workers.
// Test helpers (a bucket of one's own): '@myworld/storage/testing'.
export { ObjectStorage, isMissing, type ObjectBody, type StoredObject, type UploadedPart } from './object-storage.ts';
export { ensureBucket } from './bucket-setup.ts';
export { SNIFF_BYTES, sniffContentType } from './content-type.ts';
export { createS3Client } from './s3-client.ts';
