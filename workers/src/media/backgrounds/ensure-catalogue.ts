import { availableParallelism } from 'node:os';
import {
  BACKGROUND_CATALOGUE,
  BACKGROUND_CATALOGUE_VERSION,
  BACKGROUND_CONTENT_TYPE,
  BACKGROUND_SIZE,
  BACKGROUND_THUMB_SIZE,
  BACKGROUNDS_MANIFEST_KEY,
  type BackgroundCatalogueManifest,
  type CatalogueBackground,
} from '@myworld/schemas';
import type { ObjectStorage } from '@myworld/storage';
import { renderBackground } from './render.ts';

/** What the generator logs through (a pino logger fits). */
export interface CatalogueLogger {
  info(details: object, message: string): void;
}

export interface EnsureCatalogueOptions {
  readonly logger?: CatalogueLogger;
  /** Entries rendered at once (default: the machine's cores, at most 4). sharp renders each on its own thread. */
  readonly concurrency?: number;
  /** Only these entries (tests); default the whole catalogue. The manifest then lists only them. */
  readonly entries?: readonly CatalogueBackground[];
}

export interface EnsureCatalogueResult {
  /** Files stored (two per entry); 0 when skipped. */
  readonly generated: number;
  /** True when the manifest was already there, so nothing was done. */
  readonly skipped: boolean;
  readonly ms: number;
}

/**
 * Makes sure the built-in background catalogue is in the object store: when its manifest
 * (`backgrounds/<version>/manifest.json`) exists, does nothing; otherwise renders every entry
 * (image and thumbnail, WebP) and stores it, then writes the manifest last, so a run cut short
 * leaves no manifest and the next start renders everything again (the files are deterministic, so
 * rewriting them changes nothing). Two processes starting at once both render and write the same
 * bytes: harmless.
 */
export async function ensureBackgroundCatalogue(
  storage: ObjectStorage,
  options: EnsureCatalogueOptions | CatalogueLogger = {},
): Promise<EnsureCatalogueResult> {
  const { logger, concurrency, entries = BACKGROUND_CATALOGUE } = 'info' in options ? { logger: options } : options;
  const started = performance.now();
  if (await storage.head(BACKGROUNDS_MANIFEST_KEY)) {
    logger?.info({ manifest: BACKGROUNDS_MANIFEST_KEY }, 'background catalogue already stored');
    return { generated: 0, skipped: true, ms: Math.round(performance.now() - started) };
  }

  const files: BackgroundCatalogueManifest['files'] = [];
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++]!;
      const { image, thumb } = await renderBackground(entry);
      await Promise.all([
        storage.put(entry.key, image, BACKGROUND_CONTENT_TYPE, image.length),
        storage.put(entry.thumbKey, thumb, BACKGROUND_CONTENT_TYPE, thumb.length),
      ]);
      files.push(
        { key: entry.key, contentType: BACKGROUND_CONTENT_TYPE, size: image.length, ...BACKGROUND_SIZE },
        { key: entry.thumbKey, contentType: BACKGROUND_CONTENT_TYPE, size: thumb.length, ...BACKGROUND_THUMB_SIZE },
      );
    }
  };
  const parallel = Math.max(1, Math.min(concurrency ?? Math.min(availableParallelism(), 4), entries.length));
  await Promise.all(Array.from({ length: parallel }, worker));

  // In catalogue order, whatever order the renders finished in.
  const order = new Map(entries.flatMap((e, i) => [[e.key, 2 * i] as const, [e.thumbKey, 2 * i + 1] as const]));
  files.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  const manifest: BackgroundCatalogueManifest = {
    version: BACKGROUND_CATALOGUE_VERSION,
    generatedAt: new Date().toISOString(),
    files,
  };
  const body = Buffer.from(JSON.stringify(manifest));
  await storage.put(BACKGROUNDS_MANIFEST_KEY, body, 'application/json', body.length);

  const ms = Math.round(performance.now() - started);
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  logger?.info(
    { entries: entries.length, files: files.length, bytes, ms, concurrency: parallel },
    `background catalogue generated in ${(ms / 1000).toFixed(1)} s`,
  );
  return { generated: files.length, skipped: false, ms };
}
