import { randomBytes } from 'node:crypto';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import { loadConfig, storageConfigShape, type StorageConfig } from '@myworld/schemas/server';
import { z } from 'zod';
import { ensureBucket } from '../bucket-setup.ts';
import { ObjectStorage } from '../object-storage.ts';

export type TestStorage = { storage: ObjectStorage; config: StorageConfig; drop(): Promise<void> };

/**
 * A bucket of the test's own on the store the environment names (the local Swift by default), so
 * test runs never meet. `drop()` deletes its objects, its unfinished uploads and the bucket.
 */
export async function openTestStorage(label: string): Promise<TestStorage> {
  const base = loadConfig(z.object(storageConfigShape), process.env);
  const bucket = `test-${label
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 30)}-${randomBytes(4).toString('hex')}`;
  const config: StorageConfig = { ...base, S3_BUCKET: bucket };
  const storage = new ObjectStorage(config);
  await ensureBucket(storage, { corsOrigins: ['*'] });
  return {
    storage,
    config,
    drop: async () => {
      for await (const object of storage.list('')) await storage.delete(object.key);
      for await (const u of storage.listMultipartUploads('')) await storage.abortMultipart(u.key, u.uploadId);
      await storage.s3.send(new DeleteBucketCommand({ Bucket: bucket }));
      storage.close();
    },
  };
}
