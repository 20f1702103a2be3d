import { BACKGROUNDS_MANIFEST_KEY, backgroundCatalogueManifest, isCatalogueKey } from '@myworld/schemas';
import type { ServableFile } from '@myworld/projections';
import type { ObjectStorage } from '@myworld/storage';

/**
 * The built-in background catalogue's files, as the workers' manifest lists them once every file
 * is stored. Read once and kept: the catalogue's keys are versioned, so a listed file never changes.
 */
export class CatalogueFiles {
  private listed: Map<string, ServableFile> | undefined;

  constructor(private readonly storage: ObjectStorage) {}

  async servable(key: string): Promise<ServableFile | undefined> {
    if (!isCatalogueKey(key)) return undefined;
    // Until the workers finish the catalogue there is no manifest: ask again next time.
    this.listed ??= await this.readManifest();
    return this.listed?.get(key);
  }

  private async readManifest(): Promise<Map<string, ServableFile> | undefined> {
    const bytes = await this.storage.readStart(BACKGROUNDS_MANIFEST_KEY, 1024 * 1024);
    if (!bytes) return undefined;
    const manifest = backgroundCatalogueManifest.parse(JSON.parse(Buffer.from(bytes).toString('utf8')));
    return new Map(
      manifest.files.map((f) => [
        f.key,
        { key: f.key, mediaId: 'catalogue', variant: 'catalogue', contentType: f.contentType, size: f.size },
      ]),
    );
  }
}
