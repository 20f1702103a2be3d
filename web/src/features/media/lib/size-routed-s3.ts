import AwsS3 from '@uppy/aws-s3';
import { BasePlugin, type Body, type Meta, type PluginOpts, type Uppy, type UppyFile } from '@uppy/core';
import type { SignRequest } from './sign-put.ts';
import { toUploadError } from './upload-errors.ts';

export interface SizeRoutedS3Options extends PluginOpts {
  /** Files above this many bytes go up in parts; the others in one presigned PUT. */
  multipartThresholdBytes: number;
  /** Signs a small file's PUT, for a body of `size` bytes. */
  signPut: (request: Parameters<SignRequest>[0], size?: number) => ReturnType<SignRequest>;
  /** Where Companion's classic S3 multipart routes live (`{endpoint}/s3/multipart...`). */
  companionEndpoint: string;
  /** The size of each part of a large file. */
  getChunkSize: (file: { size: number }) => number;
  /** At most this many files upload at once. */
  limit: number;
}

type Processor = (fileIDs: string[], uploadID: string) => Promise<unknown> | void;

/**
 * Uploads each file the way our server offers for its size: small files in one PUT to an address
 * POST /api/objects/upload signs, large ones through the Companion multipart routes.
 *
 * @uppy/aws-s3 6 takes one way of signing per plugin (a `signRequest` function or a Companion
 * endpoint), so this plugin runs one AwsS3 of each kind and hands each only its own files. The
 * two are given Uppy itself except for where they register their uploader, which comes back here
 * instead of running for every file; and their upload errors reach Uppy in the uploader's words.
 */
export class SizeRoutedS3<M extends Meta, B extends Body> extends BasePlugin<SizeRoutedS3Options, M, B> {
  #children: AwsS3<M, B>[] = [];
  #uploadSmall: Processor | undefined;
  #uploadLarge: Processor | undefined;

  constructor(uppy: Uppy<M, B>, opts: SizeRoutedS3Options) {
    super(uppy, opts);
    this.type = 'uploader';
    this.id = opts.id ?? 'SizeRoutedS3';
  }

  override install(): void {
    const { signPut, companionEndpoint, getChunkSize, limit } = this.opts;
    const small = new AwsS3<M, B>(
      this.#childView((fn) => (this.#uploadSmall = fn)),
      {
        id: `${this.id}:put`,
        // The key Uppy asks to sign is the file's id (below): its size is signed with the address.
        signRequest: (request) => signPut(request, this.uppy.getFile(request.key)?.size ?? undefined),
        shouldUseMultipart: false,
        // The server chooses the object's key; Uppy's own proposal (crypto.randomUUID, which only
        // secure contexts have) would go unused.
        generateObjectKey: (file) => file.id,
        limit,
      },
    );
    const large = new AwsS3<M, B>(
      this.#childView((fn) => (this.#uploadLarge = fn)),
      {
        id: `${this.id}:multipart`,
        companionEndpoint,
        shouldUseMultipart: true,
        getChunkSize,
        limit,
      },
    );
    this.#children = [small, large];
    for (const child of this.#children) child.install();
    this.uppy.addUploader(this.#upload);
  }

  override uninstall(): void {
    this.uppy.removeUploader(this.#upload);
    for (const child of this.#children) child.uninstall();
    this.#children = [];
  }

  #isLarge(file: UppyFile<M, B> | undefined): boolean {
    return (file?.size ?? 0) > this.opts.multipartThresholdBytes;
  }

  #upload = async (fileIDs: string[], uploadID: string): Promise<void> => {
    const large = fileIDs.filter((id) => this.#isLarge(this.uppy.getFile(id)));
    const small = fileIDs.filter((id) => !large.includes(id));
    // One kind after the other, so no more than `limit` files are on their way at once.
    if (small.length > 0) await this.#uploadSmall?.(small, uploadID);
    if (large.length > 0) await this.#uploadLarge?.(large, uploadID);
  };

  /** Uppy as a child plugin sees it: its uploader is kept by `keep`, its upload errors are reworded. */
  #childView(keep: (fn: Processor) => void): Uppy<M, B> {
    return new Proxy(this.uppy, {
      get(target, prop) {
        if (prop === 'addUploader') return keep;
        if (prop === 'removeUploader') return () => true;
        if (prop === 'emit') {
          return (event: string, ...args: unknown[]) => {
            if (event === 'upload-error') args[1] = toUploadError(args[1], 'transfer');
            return (target.emit as (event: string, ...args: unknown[]) => void)(event, ...args);
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        // Uppy keeps its state in private fields, so its methods must run on Uppy itself.
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
