import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaProjection } from '@myworld/projections';
import {
  BACKGROUND_CATALOGUE,
  BACKGROUND_CATALOGUE_VERSION,
  BACKGROUNDS_MANIFEST_KEY,
  backgroundImageList,
  type BackgroundCatalogueManifest,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { features } from '../../features.ts';
import { defineFeature } from '../../platform/feature.ts';
import { catalogueBackgroundSource, type BackgroundSource } from './background-source.ts';
import { media } from './index.ts';
import { listBackgroundCategories } from './routes/list-background-categories.ts';
import { searchBackgrounds, searchBackgroundsRoute } from './routes/search-backgrounds.ts';

// A 1x1 lossy WebP (what the catalogue stores is rendered by the workers; the API only serves it).
const WEBP_1X1 = Buffer.from('UklGRiwAAABXRUJQVlA4ICAAAABQAQCdASoBAAEAAUAmJQBOgDEIAP78KdG7O0WmMPtQAA==', 'base64');

// Until media/index.ts lists the two routes, this test mounts them itself (a feature of their own).
const unwired = [listBackgroundCategories, searchBackgrounds].filter(
  (route) => !media.routes.some((r) => r.method === route.method && r.url === route.url),
);
const extraFeatures = unwired.length ? [defineFeature({ name: 'backgrounds', routes: unwired })] : [];

describe('backgrounds: categories and search of the built-in catalogue', () => {
  let h: Harness;
  let visitor: TestClient;

  beforeAll(async () => {
    h = await startHarness({
      label: 'backgrounds',
      storage: true,
      projections: [mediaProjection],
      app: { features: [...features, ...extraFeatures] },
    });
    visitor = h.client();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('GET /api/backgrounds/categories answers the 8 categories as {id, name, query}, cacheable, to visitors', async () => {
    const r = await visitor.get('/api/backgrounds/categories');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      { id: 'nature', name: 'Nature', query: 'nature' },
      { id: 'wood', name: 'Wood', query: 'wood' },
      { id: 'candy', name: 'Candy', query: 'candy' },
      { id: 'galaxy', name: 'Galaxy', query: 'galaxy' },
      { id: 'marble', name: 'Marble', query: 'marble' },
      { id: 'concrete', name: 'Concrete', query: 'concrete' },
      { id: 'urban', name: 'Urban', query: 'urban' },
      { id: 'abstract', name: 'Abstract', query: 'abstract' },
    ]);
    expect(r.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('search "galaxy" answers the galaxy images with /objects/backgrounds/v1/... addresses', async () => {
    const r = await visitor.get('/api/backgrounds/search?query=galaxy');
    expect(r.statusCode).toBe(200);
    const found = backgroundImageList.parse(r.json());
    expect(found.map((b) => b.id).sort()).toEqual([
      'galaxy-1',
      'galaxy-2',
      'galaxy-3',
      'galaxy-4',
      'galaxy-5',
      'galaxy-6',
    ]);
    for (const b of found) {
      expect(Object.keys(b).sort()).toEqual(['description', 'id', 'photographer', 'query', 'thumb', 'url']);
      expect(b.url).toBe(`/objects/backgrounds/v1/${b.id}.webp`);
      expect(b.thumb).toBe(`/objects/backgrounds/v1/${b.id}-thumb.webp`);
      expect(b.photographer).toBe('MyWorld catalogue');
      expect(b.description.length).toBeGreaterThan(0);
      expect(b.query).toBe('galaxy');
    }
  });

  it('the query is matched case-insensitively and answered back as asked (trimmed)', async () => {
    const r = await visitor.get(`/api/backgrounds/search?query=${encodeURIComponent('  Pink Marble ')}`);
    expect(r.statusCode).toBe(200);
    const found = backgroundImageList.parse(r.json());
    expect(found.slice(0, 6).every((b) => b.id.startsWith('marble-'))).toBe(true);
    expect(found.length).toBeGreaterThan(6);
    expect(new Set(found.map((b) => b.query))).toEqual(new Set(['Pink Marble']));
  });

  it('a blank or missing query answers 400 naming query', async () => {
    for (const url of [
      '/api/backgrounds/search?query=',
      '/api/backgrounds/search?query=%20%20',
      '/api/backgrounds/search',
    ]) {
      const r = await visitor.get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toMatchObject({ field: 'query' });
    }
    expect((await visitor.get(`/api/backgrounds/search?query=${'a'.repeat(101)}`)).json()).toMatchObject({
      field: 'query',
    });
  });

  it('an unknown word answers []', async () => {
    const r = await visitor.get('/api/backgrounds/search?query=zzqxw');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([]);
  });

  // Needs serve-object to serve catalogue keys (isCatalogueKey + the manifest): the media owner's change.
  it("a result's url is served by GET /objects/... as image/webp once the catalogue file is stored", async () => {
    const entry = BACKGROUND_CATALOGUE.find((b) => b.id === 'galaxy-1')!;
    // What the workers' generator does, for one file: the file, then the manifest naming it.
    await h.storage.storage.put(entry.key, WEBP_1X1, 'image/webp', WEBP_1X1.length);
    const manifest: BackgroundCatalogueManifest = {
      version: BACKGROUND_CATALOGUE_VERSION,
      generatedAt: new Date().toISOString(),
      files: [{ key: entry.key, contentType: 'image/webp', size: WEBP_1X1.length, width: 1, height: 1 }],
    };
    await h.storage.storage.put(BACKGROUNDS_MANIFEST_KEY, Buffer.from(JSON.stringify(manifest)), 'application/json');

    const [result] = backgroundImageList
      .parse((await visitor.get('/api/backgrounds/search?query=galaxy')).json())
      .filter((b) => b.id === entry.id);
    const served = await visitor.get(result!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(WEBP_1X1)).toBe(true);
    // Only catalogue keys: the manifest itself and made-up names under backgrounds/ stay unserved.
    expect((await visitor.get(`/objects/${BACKGROUNDS_MANIFEST_KEY}`)).statusCode).toBe(404);
    expect((await visitor.get('/objects/backgrounds/v1/galaxy-99.webp')).statusCode).toBe(404);
  });
});

describe('the background source seam', () => {
  it('the catalogue source answers categories and search results in the API shape', async () => {
    const source = catalogueBackgroundSource();
    expect(await source.categories()).toHaveLength(8);
    const found = backgroundImageList.parse(await source.search('sunset'));
    expect(found.map((b) => b.id)).toEqual(['nature-2', 'urban-4']);
    expect(found[0]).toEqual({
      id: 'nature-2',
      url: '/objects/backgrounds/v1/nature-2.webp',
      thumb: '/objects/backgrounds/v1/nature-2-thumb.webp',
      description: 'Golden hills under a sunset sky',
      photographer: 'MyWorld catalogue',
      query: 'sunset',
    });
    expect(await catalogueBackgroundSource(1).search('sunset')).toHaveLength(1);
  });

  it('the search route answers whatever source it is built with (e.g. a photo API)', async () => {
    const photoApi: BackgroundSource = {
      categories: async () => [],
      search: async (query) => [
        {
          id: 'p1',
          url: 'https://photos.example/p1.jpg',
          thumb: 'https://photos.example/p1-s.jpg',
          description: 'A photo',
          photographer: 'Someone',
          query,
        },
      ],
    };
    const route = searchBackgroundsRoute(photoApi);
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => ((headers[name] = value), reply) };
    const answer = await route.handler({
      request: { query: { query: 'lake' } } as never,
      reply: reply as never,
      ctx: {} as never,
      userId: null,
    });
    expect(answer).toEqual([expect.objectContaining({ id: 'p1', query: 'lake' })]);
    expect(headers['cache-control']).toBe('public, max-age=300');
  });
});
