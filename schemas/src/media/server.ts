import { z } from 'zod';

/**
 * Server-only media settings, exported from `@myworld/schemas/server`: the S3-compatible store the
 * API and the workers share. Unset, they point at the local Swift that `npm start` and `npm test`
 * run (scripts/storage/ensure-swift.sh); set them for AWS S3, R2, MinIO or any other store.
 */
export const LOCAL_S3 = {
  endpoint: 'http://127.0.0.1:8480',
  accessKeyId: 'test:tester',
  secretAccessKey: 'testing',
} as const;

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const storageConfigShape = {
  /** The store's S3 endpoint. Default: the local Swift. Unset with AWS S3: give its regional endpoint. */
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().default(LOCAL_S3.endpoint)),
  /** Where browsers reach the store (presigned URLs are signed for it). Default: S3_ENDPOINT. */
  S3_PUBLIC_ENDPOINT: optionalUrl,
  /** The one bucket media lives in; created at set-up. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name')
    .default('myworld-media'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).default(LOCAL_S3.accessKeyId),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default(LOCAL_S3.secretAccessKey),
  /** Path-style addressing (http://host/bucket/key), which Swift and MinIO need. Default: true. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
};

export type StorageConfig = {
  readonly S3_ENDPOINT: string;
  readonly S3_PUBLIC_ENDPOINT?: string | undefined;
  readonly S3_BUCKET: string;
  readonly S3_REGION: string;
  readonly S3_ACCESS_KEY_ID: string;
  readonly S3_SECRET_ACCESS_KEY: string;
  readonly S3_FORCE_PATH_STYLE: boolean;
};
