import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_CATALOGUE,
  BACKGROUND_CATALOGUE_KEYS,
  BACKGROUND_CATEGORIES,
  BACKGROUNDS_MANIFEST_KEY,
  isCatalogueKey,
  searchCatalogue,
} from './backgrounds.ts';
import { backgroundCategoryList, backgroundSearchQuery } from './http.ts';
import { objectKey } from './rules.ts';

const ids = (list: readonly { id: string }[]) => list.map((e) => e.id);

describe('background catalogue (data)', () => {
  it('has the 8 categories, Nature to Abstract in order, as {id, name, query}', () => {
    expect(BACKGROUND_CATEGORIES.map((c) => c.name)).toEqual([
      'Nature',
      'Wood',
      'Candy',
      'Galaxy',
      'Marble',
      'Concrete',
      'Urban',
      'Abstract',
    ]);
    for (const c of BACKGROUND_CATEGORIES) {
      expect(c.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(c.query).toBe(c.query.toLowerCase());
    }
    expect(backgroundCategoryList.parse(BACKGROUND_CATEGORIES)).toEqual(BACKGROUND_CATEGORIES);
  });

  it('has 6 images per category with unique ids, seeds and well-formed keys', () => {
    expect(BACKGROUND_CATALOGUE).toHaveLength(48);
    for (const c of BACKGROUND_CATEGORIES) {
      expect(ids(BACKGROUND_CATALOGUE.filter((b) => b.category === c.id))).toEqual(
        [1, 2, 3, 4, 5, 6].map((n) => `${c.id}-${n}`),
      );
    }
    expect(new Set(ids(BACKGROUND_CATALOGUE)).size).toBe(48);
    expect(new Set(BACKGROUND_CATALOGUE.map((b) => b.seed)).size).toBe(48);
    for (const b of BACKGROUND_CATALOGUE) {
      expect(b.key).toBe(`backgrounds/v1/${b.id}.webp`);
      expect(b.thumbKey).toBe(`backgrounds/v1/${b.id}-thumb.webp`);
      expect(objectKey.safeParse(b.key).success && objectKey.safeParse(b.thumbKey).success).toBe(true);
      expect(b.photographer).toBe('MyWorld catalogue');
      expect(b.description.length).toBeGreaterThan(5);
      expect(b.palette.length).toBeGreaterThanOrEqual(3);
      for (const colour of b.palette) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      for (const k of b.keywords) expect(k).toBe(k.toLowerCase());
    }
    expect(BACKGROUND_CATALOGUE_KEYS).toHaveLength(96);
  });
});

describe('isCatalogueKey', () => {
  it('is true for exactly the images and thumbnails the catalogue defines', () => {
    for (const b of BACKGROUND_CATALOGUE) {
      expect(isCatalogueKey(b.key)).toBe(true);
      expect(isCatalogueKey(b.thumbKey)).toBe(true);
    }
    for (const key of [
      BACKGROUNDS_MANIFEST_KEY,
      'backgrounds/v1/',
      'backgrounds/v1/nature-7.webp',
      'backgrounds/v1/nature-1.png',
      'backgrounds/v1/nature-1-thumb.png',
      'backgrounds/v2/nature-1.webp',
      'backgrounds/v1/../v1/nature-1.webp',
      '/backgrounds/v1/nature-1.webp',
      'BACKGROUNDS/V1/NATURE-1.WEBP',
      'uploads/u/backgrounds/v1/nature-1.webp',
      '',
    ]) {
      expect(isCatalogueKey(key), key).toBe(false);
    }
  });
});

describe('searchCatalogue', () => {
  it("a category word answers that category's images, case-insensitively, the best match first", () => {
    // galaxy-6 also has "galaxy" as a keyword and in its description; the rest keep catalogue order.
    expect(ids(searchCatalogue('galaxy'))).toEqual([
      'galaxy-6',
      'galaxy-1',
      'galaxy-2',
      'galaxy-3',
      'galaxy-4',
      'galaxy-5',
    ]);
    expect(ids(searchCatalogue('  GaLaXy '))).toEqual(ids(searchCatalogue('galaxy')));
    expect(ids(searchCatalogue('Marble'))).toEqual(
      BACKGROUND_CATALOGUE.filter((b) => b.category === 'marble').map((b) => b.id),
    );
  });

  it('matches keywords and description words, plurals and beginnings of 3+ letters', () => {
    expect(ids(searchCatalogue('sunset'))).toEqual(['nature-2', 'urban-4']);
    expect(ids(searchCatalogue('walnut'))).toEqual(['wood-2']);
    expect(ids(searchCatalogue('Misty'))).toEqual(['nature-1']);
    expect(ids(searchCatalogue('galaxies'))).toEqual(ids(searchCatalogue('galaxy')));
    expect(ids(searchCatalogue('star'))).toEqual(expect.arrayContaining(['galaxy-1', 'galaxy-2']));
    expect(ids(searchCatalogue('marb'))).toHaveLength(6);
    // Two letters are not a beginning worth matching.
    expect(searchCatalogue('ma')).toEqual([]);
  });

  it('ranks images of a named category before keyword matches from other categories', () => {
    // "pink" is a keyword in candy, galaxy, marble, urban and abstract; "marble" names a category.
    const found = searchCatalogue('pink marble');
    expect(ids(found.slice(0, 6)).every((id) => id.startsWith('marble-'))).toBe(true);
    // Within the category the pink one is first (category + keyword + description beats category alone).
    expect(found[0]!.id).toBe('marble-4');
    expect(found.slice(6).length).toBeGreaterThan(0);
    expect(found.slice(6).every((b) => b.category !== 'marble' && b.keywords.includes('pink'))).toBe(true);
  });

  it('a whole-word match outranks a mere beginning, and a keyword outranks a description word', () => {
    // "red": a keyword of wood-3, wood-6, candy-5, galaxy-5 (and galaxy-5's description) and of abstract-4.
    const red = ids(searchCatalogue('red'));
    expect(red[0]).toBe('galaxy-5');
    expect(red).toEqual(expect.arrayContaining(['wood-3', 'wood-6', 'candy-5', 'abstract-4']));
  });

  it('an unknown word, punctuation only or an empty query answers []', () => {
    expect(searchCatalogue('zzqxw')).toEqual([]);
    expect(searchCatalogue('!!! ???')).toEqual([]);
    // The route never calls it with a blank query (the querystring schema refuses it); it answers [] anyway.
    expect(searchCatalogue('')).toEqual([]);
    expect(searchCatalogue('   ')).toEqual([]);
    expect(backgroundSearchQuery.safeParse({ query: '   ' }).success).toBe(false);
  });

  it('answers at most `limit` (30 by default)', () => {
    expect(searchCatalogue('grey', 2)).toHaveLength(2);
    // Every image's category is one of these words: 48 matches, 30 answered.
    const all = 'nature wood candy galaxy marble concrete urban abstract';
    expect(searchCatalogue(all)).toHaveLength(30);
    expect(searchCatalogue(all, 100)).toHaveLength(48);
    expect(searchCatalogue('grey', 0)).toEqual([]);
  });
});
