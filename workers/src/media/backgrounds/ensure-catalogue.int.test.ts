import { BACKGROUND_CATALOGUE, BACKGROUNDS_MANIFEST_KEY, backgroundCatalogueManifest } from '@myworld/schemas';
import { openTestStorage, type TestStorage } from '@myworld/storage/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBackgroundCatalogue } from './ensure-catalogue.ts';
import { renderBackground } from './render.ts';

/** RIFF....WEBP: the first 12 bytes of every WebP file. */
const isWebp = (head: Uint8Array) =>
  Buffer.from(head).toString('latin1', 0, 4) === 'RIFF' && Buffer.from(head).toString('latin1', 8, 12) === 'WEBP';

async function bodyOf(t: TestStorage, key: string): Promise<Buffer> {
  const object = await t.storage.get(key);
  if (!object) throw new Error(`${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One entry of each category: every scene is drawn; rendering all 48 (about 20 s of CPU) is timed by `npm run bench -- media`. */
const ONE_PER_CATEGORY = BACKGROUND_CATALOGUE.filter(
  (entry, i) => BACKGROUND_CATALOGUE.findIndex((e) => e.category === entry.category) === i,
);

describe('ensureBackgroundCatalogue (sharp + the real object store)', () => {
  let t: TestStorage;
  const logged: Array<{ details: object; message: string }> = [];
  const logger = { info: (details: object, message: string) => void logged.push({ details, message }) };

  beforeAll(async () => {
    t = await openTestStorage('backgrounds');
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('renders every entry it is given into the bucket, manifest last, and logs how long it took', async () => {
    const entries = ONE_PER_CATEGORY;
    expect(new Set(entries.map((e) => e.category)).size).toBe(entries.length);
    const result = await ensureBackgroundCatalogue(t.storage, { logger, entries });
    expect(result).toMatchObject({ generated: 2 * entries.length, skipped: false });
    expect(logged.at(-1)!.details).toMatchObject({ entries: entries.length, files: 2 * entries.length, ms: result.ms });
    expect(logged.at(-1)!.message).toMatch(/^background catalogue generated in \d+\.\d s$/);

    for (const entry of entries) {
      for (const key of [entry.key, entry.thumbKey]) {
        const head = await t.storage.head(key);
        expect(head, key).toMatchObject({ contentType: 'image/webp' });
        expect(isWebp((await t.storage.readStart(key, 12))!), key).toBe(true);
      }
    }
    const manifest = backgroundCatalogueManifest.parse(
      JSON.parse((await bodyOf(t, BACKGROUNDS_MANIFEST_KEY)).toString('utf8')),
    );
    expect(manifest.version).toBe('v1');
    expect(manifest.files.map((f) => f.key)).toEqual(entries.flatMap((e) => [e.key, e.thumbKey]));
    for (const file of manifest.files.slice(0, 4)) expect((await t.storage.head(file.key))!.size).toBe(file.size);
    // Nothing else under the prefix.
    const stored: string[] = [];
    for await (const o of t.storage.list('backgrounds/')) stored.push(o.key);
    expect(stored.sort()).toEqual([...manifest.files.map((f) => f.key), BACKGROUNDS_MANIFEST_KEY].sort());
  }, 120_000);

  it('stores 1920x1080 images and 400x225 thumbnails', async () => {
    const entry = ONE_PER_CATEGORY.find((e) => e.category === 'galaxy')!;
    const image = await sharp(await bodyOf(t, entry.key)).metadata();
    const thumb = await sharp(await bodyOf(t, entry.thumbKey)).metadata();
    expect([image.format, image.width, image.height]).toEqual(['webp', 1920, 1080]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 225]);
  });

  it('is deterministic: rendering an entry again gives the stored bytes exactly', async () => {
    for (const category of ['marble', 'urban']) {
      const entry = ONE_PER_CATEGORY.find((e) => e.category === category)!;
      const id = entry.id;
      const [first, second] = [await renderBackground(entry), await renderBackground(entry)];
      expect(first.image.equals(second.image), id).toBe(true);
      expect(first.thumb.equals(second.thumb), id).toBe(true);
      expect(first.image.equals(await bodyOf(t, entry.key)), id).toBe(true);
    }
  });

  it('a second call finds the manifest and does nothing', async () => {
    const before = (await t.storage.head(BACKGROUND_CATALOGUE[0]!.key))!.lastModified;
    expect(await ensureBackgroundCatalogue(t.storage)).toMatchObject({ generated: 0, skipped: true });
    expect((await t.storage.head(BACKGROUND_CATALOGUE[0]!.key))!.lastModified).toEqual(before);
  });

  it('without a manifest (a run cut short) it renders again', async () => {
    const other = await openTestStorage('backgrounds-partial');
    try {
      const entries = BACKGROUND_CATALOGUE.slice(0, 2);
      // A crash mid-way: one file there, no manifest.
      const { image } = await renderBackground(entries[0]!);
      await other.storage.put(entries[0]!.key, image, 'image/webp');
      expect(await ensureBackgroundCatalogue(other.storage, { entries })).toMatchObject({
        generated: 4,
        skipped: false,
      });
      expect(await other.storage.head(BACKGROUNDS_MANIFEST_KEY)).toBeDefined();
      expect(await ensureBackgroundCatalogue(other.storage, { entries })).toMatchObject({ skipped: true });
    } finally {
      await other.drop();
    }
  });
});
