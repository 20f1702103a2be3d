import { stat } from 'node:fs/promises';

/** One output file, described the way the uploader and the read models need it. */
export interface VariantFile {
  readonly path: string;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

export async function variantFile(
  path: string,
  contentType: string,
  width: number,
  height: number,
): Promise<VariantFile> {
  return { path, contentType, width, height, bytes: (await stat(path)).size };
}
