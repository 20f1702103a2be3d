import { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '@myworld/schemas/server';

// The SDK warns on Node 20 that releases after January 2027 need Node 22; the lock file pins this
// one, and the upgrade is noted in the README, so the warning would only repeat in every process.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * An S3 client for the configured store. Checksums only where S3 requires them: with the SDK's
 * default ("when supported") it streams uploads as aws-chunked, which Swift and several other
 * S3-compatible stores refuse.
 */
export function createS3Client(config: StorageConfig, endpoint: string = config.S3_ENDPOINT): S3Client {
  return new S3Client({
    endpoint,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}
