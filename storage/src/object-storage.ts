import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3ServiceException,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_URL_TTL_SECONDS } from '@myworld/schemas';
import type { StorageConfig } from '@myworld/schemas/server';
import { createS3Client } from './s3-client.ts';

export type StoredObject = {
  key: string;
  size: number;
  contentType: string | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
};

export type ObjectBody = StoredObject & {
  body: Readable;
  /** 206 when a byte range was asked for and served. */
  status: 200 | 206;
  contentLength: number;
  contentRange: string | undefined;
};

export type UploadedPart = { PartNumber: number; ETag: string; Size: number };

/**
 * The product's one way to object storage: one bucket on an S3-compatible store (the local Swift,
 * AWS S3, R2, MinIO). Browsers upload straight to the store with presigned URLs signed for
 * S3_PUBLIC_ENDPOINT; the server reads, writes and deletes through S3_ENDPOINT.
 */
export class ObjectStorage {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly signer: S3Client;
  private readonly publicEndpoint: URL;

  constructor(readonly config: StorageConfig) {
    this.bucket = config.S3_BUCKET;
    this.client = createS3Client(config);
    const publicEndpoint = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
    this.signer = publicEndpoint === config.S3_ENDPOINT ? this.client : createS3Client(config, publicEndpoint);
    this.publicEndpoint = new URL(publicEndpoint);
  }

  /**
   * A presigned PUT for `key`, valid for `expiresIn` seconds (default 15 minutes). With
   * `contentLength`, the length is signed too: the store refuses a body of any other size.
   */
  presignPut(
    key: string,
    expiresIn = UPLOAD_URL_TTL_SECONDS,
    options: { contentLength?: number } = {},
  ): Promise<string> {
    const { contentLength } = options;
    return getSignedUrl(
      this.signer,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(contentLength !== undefined ? { ContentLength: contentLength } : {}),
      }),
      {
        expiresIn,
        ...(contentLength !== undefined ? { signableHeaders: new Set(['content-length']) } : {}),
      },
    );
  }

  /**
   * The key an upload address names, when it is an address of this bucket on the public endpoint
   * (presigned or not); undefined for anything else.
   */
  keyOfUrl(address: string): string | undefined {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return undefined;
    }
    if (url.origin !== this.publicEndpoint.origin) return undefined;
    const base = this.publicEndpoint.pathname.replace(/\/+$/, '');
    const prefix = this.config.S3_FORCE_PATH_STYLE ? `${base}/${this.bucket}/` : `${base}/`;
    if (!this.config.S3_FORCE_PATH_STYLE && url.hostname !== `${this.bucket}.${this.publicEndpoint.hostname}`)
      return undefined;
    if (!url.pathname.startsWith(prefix)) return undefined;
    try {
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      return key.length > 0 ? key : undefined;
    } catch {
      return undefined;
    }
  }

  /** The object's plain address on the public endpoint (what keyOfUrl reads back). */
  publicUrlOf(key: string): string {
    const base = this.publicEndpoint.toString().replace(/\/+$/, '');
    const path = key.split('/').map(encodeURIComponent).join('/');
    if (this.config.S3_FORCE_PATH_STYLE) return `${base}/${this.bucket}/${path}`;
    const url = new URL(this.publicEndpoint);
    url.hostname = `${this.bucket}.${url.hostname}`;
    return `${url.toString().replace(/\/+$/, '')}/${path}`;
  }

  /** Size, type and ETag of an object; undefined when there is none. */
  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType,
        etag: head.ETag,
        lastModified: head.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** The object's first `length` bytes (fewer when it is shorter); undefined when there is none. */
  async readStart(key: string, length: number): Promise<Uint8Array | undefined> {
    const object = await this.get(key, `bytes=0-${length - 1}`);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks).subarray(0, length));
  }

  /** The object's body, whole or one byte range (an HTTP Range header value); undefined when there is none. */
  async get(key: string, range?: string): Promise<ObjectBody | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: range } : {}) }),
      );
      const contentLength = object.ContentLength ?? 0;
      return {
        key,
        body: object.Body as Readable,
        status: object.ContentRange ? 206 : 200,
        contentLength,
        contentRange: object.ContentRange,
        size: object.ContentRange ? Number(object.ContentRange.split('/')[1]) : contentLength,
        contentType: object.ContentType,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async put(
    key: string,
    body: Buffer | Uint8Array | Readable,
    contentType: string,
    contentLength?: number,
  ): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ...(contentLength !== undefined ? { ContentLength: contentLength } : {}),
      }),
    );
  }

  /**
   * Stores a stream whose length is not known in advance (a form's file part) without holding it
   * in memory: up to `partBytes` (default 8 MB, at least S3's 5 MB) it is one PUT, beyond that a
   * multipart upload of parts that size, each sent before the next is read. When the stream
   * fails (e.g. a size limit thrown by the caller), the unfinished upload is aborted and nothing
   * is stored. Answers the bytes stored.
   */
  async putStream(
    key: string,
    body: AsyncIterable<Uint8Array>,
    contentType: string,
    partBytes = 8 * 1024 * 1024,
  ): Promise<{ size: number }> {
    let buffered: Buffer[] = [];
    let bufferedBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: Array<{ PartNumber: number; ETag: string }> = [];
    const sendPart = async () => {
      uploadId ??= await this.createMultipart(key, contentType);
      const PartNumber = parts.length + 1;
      const Body = Buffer.concat(buffered);
      buffered = [];
      bufferedBytes = 0;
      const sent = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body,
          ContentLength: Body.length,
        }),
      );
      parts.push({ PartNumber, ETag: sent.ETag ?? '' });
    };
    try {
      for await (const chunk of body) {
        buffered.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        bufferedBytes += chunk.byteLength;
        size += chunk.byteLength;
        if (bufferedBytes >= partBytes) await sendPart();
      }
      if (uploadId === undefined) {
        await this.put(key, Buffer.concat(buffered), contentType, bufferedBytes);
        return { size };
      }
      if (bufferedBytes > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { size };
    } catch (error) {
      if (uploadId !== undefined) await this.abortMultipart(key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  /** Copies an object inside the bucket on the store itself (no bytes pass through here); false when `from` is missing. */
  async copy(from: string, to: string): Promise<boolean> {
    try {
      const source = `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: source }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Deletes the object; a missing one is not an error. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Every object under `prefix`, page by page (1000 a page). */
  async *list(prefix: string): AsyncGenerator<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key)
          yield { key: o.Key, size: o.Size ?? 0, contentType: undefined, etag: o.ETag, lastModified: o.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  // -------------------------------------------------------------------------------------------
  // Multipart: the browser sends each part to a presigned UploadPart address.

  /** Unfinished multipart uploads under `prefix`, page by page. */
  async *listMultipartUploads(
    prefix: string,
  ): AsyncGenerator<{ key: string; uploadId: string; initiated: Date | undefined }> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(keyMarker ? { KeyMarker: keyMarker } : {}),
          ...(uploadIdMarker ? { UploadIdMarker: uploadIdMarker } : {}),
        }),
      );
      for (const u of page.Uploads ?? [])
        if (u.Key && u.UploadId) yield { key: u.Key, uploadId: u.UploadId, initiated: u.Initiated };
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    const created = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!created.UploadId) throw new Error('the store answered CreateMultipartUpload without an UploadId');
    return created.UploadId;
  }

  presignPart(key: string, uploadId: string, partNumber: number, expiresIn = UPLOAD_URL_TTL_SECONDS): Promise<string> {
    return getSignedUrl(
      this.signer,
      new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
      { expiresIn },
    );
  }

  /** The parts uploaded so far (every page); undefined when the upload does not exist. */
  async listParts(key: string, uploadId: string): Promise<UploadedPart[] | undefined> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            ...(marker ? { PartNumberMarker: marker } : {}),
          }),
        );
        for (const p of page.Parts ?? [])
          parts.push({ PartNumber: p.PartNumber ?? 0, ETag: p.ETag ?? '', Size: p.Size ?? 0 });
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    return parts;
  }

  /** Joins the parts; answers the object's address on the store. Undefined when the upload does not exist. */
  async completeMultipart(
    key: string,
    uploadId: string,
    parts: ReadonlyArray<{ PartNumber: number; ETag: string }>,
  ): Promise<string | undefined> {
    try {
      const done = await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.PartNumber - b.PartNumber)
              .map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })),
          },
        }),
      );
      return done.Location ?? this.publicUrlOf(key);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Abandons the upload and frees its parts; an unknown upload is not an error. */
  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  close(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }

  /** For set-up and tests: the raw client. */
  get s3(): S3Client {
    return this.client;
  }
}

/** The store's "no such object / upload" answers. */
export function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  if (error instanceof S3ServiceException)
    return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchUpload' || error.name === 'NoSuchKey';
  return false;
}
