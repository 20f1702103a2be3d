import { z } from 'zod';

/**
 * The built-in background catalogue of the Customize Profile modal: 8 categories of 6 images
 * each, as data. The images are not photographs and hold nothing from a third party: the workers
 * render each entry from a vector scene built in code (`workers/src/media/backgrounds/`), seeded
 * by the entry's `seed` and coloured by its `palette`, and store it under
 * `backgrounds/<version>/`. The API searches this list and serves the stored files.
 *
 * Changing how an entry looks (its seed, palette, or the renderer) means a new
 * BACKGROUND_CATALOGUE_VERSION: keys never change content (the files are served as immutable),
 * and a new version has no manifest yet, so the workers render it afresh.
 */

export const BACKGROUND_CATALOGUE_VERSION = 'v1';
export const BACKGROUND_CATALOGUE_PREFIX = `backgrounds/${BACKGROUND_CATALOGUE_VERSION}/`;
/** Written last by the generator: while it is missing, the catalogue is (re)generated. */
export const BACKGROUNDS_MANIFEST_KEY = `${BACKGROUND_CATALOGUE_PREFIX}manifest.json`;
export const BACKGROUND_CONTENT_TYPE = 'image/webp';
/** The rendered sizes: a full-screen page background and the picker's thumbnail (both 16:9). */
export const BACKGROUND_SIZE = { width: 1920, height: 1080 } as const;
export const BACKGROUND_THUMB_SIZE = { width: 400, height: 225 } as const;
/**
 * What the search answers as `photographer`: nobody photographed these; the product generated
 * them (see above). Kept short because the modal shows it as a credit line.
 */
export const BACKGROUND_CATALOGUE_CREDIT = 'MyWorld catalogue';
/** The most results one search answers. */
export const BACKGROUND_SEARCH_LIMIT = 30;

// ---------------------------------------------------------------------------------------------
// Categories

export const BACKGROUND_CATEGORY_IDS = [
  'nature',
  'wood',
  'candy',
  'galaxy',
  'marble',
  'concrete',
  'urban',
  'abstract',
] as const;
export type BackgroundCategoryId = (typeof BACKGROUND_CATEGORY_IDS)[number];

export interface CatalogueCategory {
  /** Kebab-case. */
  readonly id: BackgroundCategoryId;
  /** As the modal's filter shows it. */
  readonly name: string;
  /** The lowercase word the modal searches when the category is picked. */
  readonly query: string;
}

/** The 8 categories, in the picker's order (the modal adds "All" in front: 9 with it). */
export const BACKGROUND_CATEGORIES: readonly CatalogueCategory[] = [
  { id: 'nature', name: 'Nature', query: 'nature' },
  { id: 'wood', name: 'Wood', query: 'wood' },
  { id: 'candy', name: 'Candy', query: 'candy' },
  { id: 'galaxy', name: 'Galaxy', query: 'galaxy' },
  { id: 'marble', name: 'Marble', query: 'marble' },
  { id: 'concrete', name: 'Concrete', query: 'concrete' },
  { id: 'urban', name: 'Urban', query: 'urban' },
  { id: 'abstract', name: 'Abstract', query: 'abstract' },
];

// ---------------------------------------------------------------------------------------------
// Images

export interface CatalogueBackground {
  /** `<category>-<n>`, n from 1. */
  readonly id: string;
  readonly category: BackgroundCategoryId;
  /** A short human description (also searched). */
  readonly description: string;
  /** Lowercase search words beyond the description. */
  readonly keywords: readonly string[];
  /** Seeds the renderer's random numbers: the same seed draws the same picture. */
  readonly seed: number;
  /** Hex colours; what each one paints depends on the category's renderer. */
  readonly palette: readonly string[];
  readonly photographer: string;
  /** `backgrounds/<version>/<id>.webp`, 1920x1080. */
  readonly key: string;
  /** `backgrounds/<version>/<id>-thumb.webp`, 400x225. */
  readonly thumbKey: string;
}

type EntryData = Pick<CatalogueBackground, 'description' | 'keywords' | 'seed' | 'palette'>;

/**
 * Per category, the images in order (their ids number them). Palettes, by renderer:
 * - nature: sky top, sky horizon, sun/glow, then hill ranges from far to near;
 * - wood: base, dark grain, light grain, plank seams;
 * - candy: background, then the stripe/dot colours;
 * - galaxy: centre of the sky, edge of the sky, then nebula colours;
 * - marble: stone, soft cloud, vein;
 * - concrete: base, dark speckle, light speckle, stain;
 * - urban: sky top, sky horizon, far buildings, near buildings, lit window;
 * - abstract: background, then shape colours.
 */
const ENTRIES: Record<BackgroundCategoryId, readonly EntryData[]> = {
  nature: [
    {
      description: 'Misty green hills at dawn',
      keywords: ['hills', 'green', 'dawn', 'mist', 'morning', 'landscape', 'countryside'],
      seed: 1101,
      palette: ['#9ec9e6', '#f6e7c8', '#fff4d6', '#a9c7a0', '#7fae7a', '#4f8a56', '#2f6b3d'],
    },
    {
      description: 'Golden hills under a sunset sky',
      keywords: ['sunset', 'golden', 'orange', 'evening', 'hills', 'landscape', 'warm'],
      seed: 1102,
      palette: ['#3b4a7a', '#f4a259', '#ffd27a', '#b7775a', '#8c5a48', '#5e3d36', '#3a2628'],
    },
    {
      description: 'Blue mountain ridges at dusk',
      keywords: ['mountains', 'ridges', 'blue', 'dusk', 'twilight', 'landscape'],
      seed: 1103,
      palette: ['#1d2b53', '#c58fb0', '#f7d9e3', '#6f7fb3', '#4d5d94', '#334273', '#1f2a52'],
    },
    {
      description: 'Spring meadow under a clear blue sky',
      keywords: ['spring', 'meadow', 'grass', 'sky', 'blue', 'sunny', 'fields'],
      seed: 1104,
      palette: ['#3f8fd8', '#cfe9fb', '#ffffff', '#8fd07a', '#69b95a', '#4c9c43', '#367d33'],
    },
    {
      description: 'Autumn hills in orange and rust',
      keywords: ['autumn', 'fall', 'orange', 'rust', 'hills', 'warm', 'forest'],
      seed: 1105,
      palette: ['#f2c894', '#fbe6c2', '#fff1d0', '#d9925b', '#c06a3a', '#9a4a2a', '#6e3220'],
    },
    {
      description: 'Snowy hills under a pale winter sky',
      keywords: ['winter', 'snow', 'white', 'cold', 'hills', 'frost'],
      seed: 1106,
      palette: ['#aebfd3', '#eef3f8', '#ffffff', '#dfe7ef', '#cbd7e3', '#b4c4d4', '#9aafc3'],
    },
  ],
  wood: [
    {
      description: 'Light oak planks',
      keywords: ['oak', 'light', 'planks', 'floor', 'natural', 'brown'],
      seed: 2101,
      palette: ['#d9b27c', '#a8773f', '#ecd1a4', '#6e4a24'],
    },
    {
      description: 'Dark walnut grain',
      keywords: ['walnut', 'dark', 'grain', 'brown', 'rich'],
      seed: 2102,
      palette: ['#5a3a22', '#2e1b0f', '#7a5334', '#1f120a'],
    },
    {
      description: 'Warm cherry wood',
      keywords: ['cherry', 'red', 'warm', 'grain', 'brown'],
      seed: 2103,
      palette: ['#9c4f2e', '#5f2a16', '#c0714a', '#3f1a0c'],
    },
    {
      description: 'Pale birch boards',
      keywords: ['birch', 'pale', 'light', 'boards', 'planks', 'scandinavian'],
      seed: 2104,
      palette: ['#efdcbc', '#c9a876', '#fbf0dc', '#a48655'],
    },
    {
      description: 'Weathered grey driftwood',
      keywords: ['driftwood', 'grey', 'gray', 'weathered', 'rustic', 'beach'],
      seed: 2105,
      palette: ['#a39e94', '#6d6860', '#c9c4ba', '#4d4943'],
    },
    {
      description: 'Rich mahogany grain',
      keywords: ['mahogany', 'red', 'dark', 'grain', 'furniture'],
      seed: 2106,
      palette: ['#6b2b1a', '#3b130a', '#8f4630', '#2a0d06'],
    },
  ],
  candy: [
    {
      description: 'Pastel pink and mint stripes',
      keywords: ['stripes', 'pastel', 'pink', 'mint', 'green', 'sweet'],
      seed: 3101,
      palette: ['#fff6f9', '#ffc8dd', '#bde0c6', '#ffe5ec', '#d8f3dc'],
    },
    {
      description: 'Cotton candy polka dots',
      keywords: ['dots', 'polka', 'cotton', 'pink', 'blue', 'pastel', 'sweet'],
      seed: 3102,
      palette: ['#fde2f3', '#a2d2ff', '#ffafcc', '#cdb4db', '#ffffff'],
    },
    {
      description: 'Lemon and lilac diagonal stripes',
      keywords: ['diagonal', 'stripes', 'lemon', 'yellow', 'lilac', 'purple', 'pastel'],
      seed: 3103,
      palette: ['#fffbe6', '#fff3a3', '#d9c2f0', '#fff9cc', '#ebdcf9'],
    },
    {
      description: 'Bubblegum sprinkles',
      keywords: ['sprinkles', 'confetti', 'bubblegum', 'colorful', 'colourful', 'pink', 'sweet'],
      seed: 3104,
      palette: ['#ffd6e8', '#ff70a6', '#70d6ff', '#ffd670', '#e9ff70', '#ff9770'],
    },
    {
      description: 'Peppermint candy stripes',
      keywords: ['peppermint', 'stripes', 'red', 'white', 'christmas', 'candy cane'],
      seed: 3105,
      palette: ['#ffffff', '#e63946', '#ffd6d9', '#f1faee'],
    },
    {
      description: 'Sherbet rainbow waves',
      keywords: ['rainbow', 'waves', 'sherbet', 'orange', 'pastel', 'colorful', 'colourful'],
      seed: 3106,
      palette: ['#fff1e6', '#ffb4a2', '#ffd8a8', '#fff3b0', '#caffbf', '#9bf6ff', '#bdb2ff'],
    },
  ],
  galaxy: [
    {
      description: 'Purple nebula in a starry sky',
      keywords: ['nebula', 'purple', 'stars', 'space', 'cosmos', 'night'],
      seed: 4101,
      palette: ['#1a0b2e', '#05010c', '#7b2cbf', '#c77dff', '#3c096c'],
    },
    {
      description: 'Deep blue starfield',
      keywords: ['starfield', 'blue', 'stars', 'space', 'night', 'dark'],
      seed: 4102,
      palette: ['#0b1a3a', '#01040d', '#1e4d8c', '#4ea8de', '#0f2a5c'],
    },
    {
      description: 'Pink and teal cosmic clouds',
      keywords: ['cosmic', 'clouds', 'pink', 'teal', 'nebula', 'space'],
      seed: 4103,
      palette: ['#14102a', '#030208', '#f72585', '#4cc9f0', '#7209b7'],
    },
    {
      description: 'Milky Way band across the night',
      keywords: ['milky way', 'band', 'stars', 'night', 'space', 'sky'],
      seed: 4104,
      palette: ['#101628', '#020308', '#d9c7a8', '#8a7fb8', '#3a3f6b'],
    },
    {
      description: 'Red nebula glow',
      keywords: ['red', 'nebula', 'glow', 'space', 'stars', 'fire'],
      seed: 4105,
      palette: ['#240a0e', '#070203', '#d62828', '#f77f00', '#6a040f'],
    },
    {
      description: 'Violet galaxy with a bright core',
      keywords: ['galaxy', 'spiral', 'core', 'violet', 'space', 'stars'],
      seed: 4106,
      palette: ['#1b1035', '#04020a', '#9d4edd', '#ffd6ff', '#5a189a'],
    },
  ],
  marble: [
    {
      description: 'White marble with grey veins',
      keywords: ['white', 'grey', 'gray', 'veins', 'carrara', 'stone', 'elegant'],
      seed: 5101,
      palette: ['#f4f3f1', '#dcdad6', '#8d8a86'],
    },
    {
      description: 'Black marble with gold veins',
      keywords: ['black', 'gold', 'veins', 'luxury', 'dark', 'stone'],
      seed: 5102,
      palette: ['#17171a', '#2c2c31', '#c9a54a'],
    },
    {
      description: 'Green marble',
      keywords: ['green', 'emerald', 'veins', 'stone', 'jade'],
      seed: 5103,
      palette: ['#1f4d3d', '#2f6b55', '#d7e8df'],
    },
    {
      description: 'Pink rose marble',
      keywords: ['pink', 'rose', 'veins', 'stone', 'soft'],
      seed: 5104,
      palette: ['#f3d9d6', '#e8c2bd', '#a86b66'],
    },
    {
      description: 'Calacatta marble with warm veins',
      keywords: ['calacatta', 'beige', 'warm', 'veins', 'white', 'stone'],
      seed: 5105,
      palette: ['#f7f2ea', '#e6dccb', '#a8845a'],
    },
    {
      description: 'Blue-grey marble',
      keywords: ['blue', 'grey', 'gray', 'veins', 'stone', 'cool'],
      seed: 5106,
      palette: ['#c9d3dc', '#aab8c5', '#4f6475'],
    },
  ],
  concrete: [
    {
      description: 'Smooth grey concrete wall',
      keywords: ['grey', 'gray', 'wall', 'smooth', 'cement', 'minimal'],
      seed: 6101,
      palette: ['#9a9a97', '#6f6f6c', '#b8b8b4', '#7d7b76'],
    },
    {
      description: 'Dark polished concrete floor',
      keywords: ['dark', 'polished', 'floor', 'grey', 'gray', 'industrial'],
      seed: 6102,
      palette: ['#4a4b4d', '#2e2f31', '#66686b', '#3a3b3d'],
    },
    {
      description: 'Warm sand-coloured concrete',
      keywords: ['sand', 'beige', 'warm', 'cement', 'wall'],
      seed: 6103,
      palette: ['#b9ab95', '#8f816c', '#d2c6b2', '#9d8d74'],
    },
    {
      description: 'Concrete panels with form-tie holes',
      keywords: ['panels', 'industrial', 'holes', 'architecture', 'grey', 'gray'],
      seed: 6104,
      palette: ['#a3a4a3', '#767776', '#c1c2c0', '#868683'],
    },
    {
      description: 'Light cement plaster',
      keywords: ['cement', 'plaster', 'light', 'white', 'wall', 'minimal'],
      seed: 6105,
      palette: ['#d3d2ce', '#b0afaa', '#e8e7e3', '#bdbab2'],
    },
    {
      description: 'Weathered concrete with stains',
      keywords: ['weathered', 'stains', 'rough', 'grunge', 'grey', 'gray'],
      seed: 6106,
      palette: ['#8c8b86', '#5f5e5a', '#aaa9a3', '#6b6456'],
    },
  ],
  urban: [
    {
      description: 'City skyline at night',
      keywords: ['city', 'skyline', 'night', 'buildings', 'lights'],
      seed: 7101,
      palette: ['#0b1026', '#27305a', '#1b2140', '#0d1022', '#ffd27a'],
    },
    {
      description: 'Neon city under a purple sky',
      keywords: ['neon', 'purple', 'city', 'night', 'cyberpunk', 'pink'],
      seed: 7102,
      palette: ['#1a0633', '#6a1b6e', '#2a1140', '#12061f', '#ff5ec4'],
    },
    {
      description: 'Blue hour downtown',
      keywords: ['blue', 'hour', 'downtown', 'dusk', 'city', 'buildings'],
      seed: 7103,
      palette: ['#1c3d6e', '#7fa6d1', '#2b4468', '#16273f', '#ffe8a8'],
    },
    {
      description: 'Skyscrapers against a sunset',
      keywords: ['skyscrapers', 'sunset', 'orange', 'city', 'evening', 'skyline'],
      seed: 7104,
      palette: ['#5b2a58', '#f79d5c', '#3d2440', '#1f1424', '#ffe3a3'],
    },
    {
      description: 'Quiet town at midnight',
      keywords: ['town', 'midnight', 'dark', 'night', 'quiet', 'houses'],
      seed: 7105,
      palette: ['#05070f', '#222b48', '#1a2036', '#0a0d17', '#f9c74f'],
    },
    {
      description: 'Rainy city lights',
      keywords: ['rain', 'rainy', 'lights', 'reflections', 'city', 'night', 'wet'],
      seed: 7106,
      palette: ['#101a24', '#2e4a5c', '#1a2a36', '#0b141b', '#9be7ff'],
    },
  ],
  abstract: [
    {
      description: 'Overlapping circles in coral and teal',
      keywords: ['circles', 'coral', 'teal', 'overlapping', 'shapes', 'modern'],
      seed: 8101,
      palette: ['#fdf6ec', '#ff7f6b', '#2ec4b6', '#ffbf69', '#0b6e69'],
    },
    {
      description: 'Translucent blue triangles',
      keywords: ['triangles', 'blue', 'translucent', 'geometric', 'shapes'],
      seed: 8102,
      palette: ['#0f1c3f', '#3a86ff', '#8ecae6', '#219ebc', '#caf0f8'],
    },
    {
      description: 'Soft pastel blobs',
      keywords: ['blobs', 'pastel', 'soft', 'organic', 'shapes', 'calm'],
      seed: 8103,
      palette: ['#f8f4ff', '#ffc6ff', '#bdb2ff', '#a0c4ff', '#caffbf'],
    },
    {
      description: 'Bold shapes in primary colours',
      keywords: ['bold', 'primary', 'colours', 'colors', 'red', 'yellow', 'blue', 'geometric', 'bauhaus'],
      seed: 8104,
      palette: ['#f5f0e6', '#e63946', '#ffbe0b', '#1d4ed8', '#111111'],
    },
    {
      description: 'Warm gradient waves',
      keywords: ['waves', 'gradient', 'warm', 'orange', 'pink', 'flowing'],
      seed: 8105,
      palette: ['#ffecd2', '#ff9a8b', '#ff6a88', '#ffc371', '#f9748f'],
    },
    {
      description: 'Glowing rings on a dark ground',
      keywords: ['rings', 'dark', 'glowing', 'circles', 'neon', 'night'],
      seed: 8106,
      palette: ['#0d0d1a', '#00f5d4', '#f15bb5', '#fee440', '#9b5de5'],
    },
  ],
};

export const backgroundKey = (id: string) => `${BACKGROUND_CATALOGUE_PREFIX}${id}.webp`;
export const backgroundThumbKey = (id: string) => `${BACKGROUND_CATALOGUE_PREFIX}${id}-thumb.webp`;

/** All 48 images, category by category in BACKGROUND_CATEGORIES' order. */
export const BACKGROUND_CATALOGUE: readonly CatalogueBackground[] = BACKGROUND_CATEGORIES.flatMap(({ id: category }) =>
  ENTRIES[category].map((entry, index): CatalogueBackground => {
    const id = `${category}-${index + 1}`;
    return {
      id,
      category,
      ...entry,
      photographer: BACKGROUND_CATALOGUE_CREDIT,
      key: backgroundKey(id),
      thumbKey: backgroundThumbKey(id),
    };
  }),
);

const CATALOGUE_KEYS: ReadonlySet<string> = new Set(BACKGROUND_CATALOGUE.flatMap((b) => [b.key, b.thumbKey]));

/** Every file the catalogue defines (each image and its thumbnail; not the manifest). */
export const BACKGROUND_CATALOGUE_KEYS: readonly string[] = [...CATALOGUE_KEYS];

/** True for exactly the image and thumbnail keys of the catalogue (not the manifest, nothing else under backgrounds/). */
export function isCatalogueKey(key: string): boolean {
  return CATALOGUE_KEYS.has(key);
}

// ---------------------------------------------------------------------------------------------
// Manifest: what the generator stored

export const backgroundCatalogueManifest = z.object({
  version: z.string(),
  generatedAt: z.string(),
  files: z.array(
    z.object({
      key: z.string(),
      contentType: z.string(),
      size: z.number().int().nonnegative(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  ),
});
export type BackgroundCatalogueManifest = z.infer<typeof backgroundCatalogueManifest>;

// ---------------------------------------------------------------------------------------------
// Search

/** Lowercase words of letters and digits ("Blue-grey" gives "blue", "grey"). */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** "stars" finds "star" and the other way round; "ies"/"y" likewise ("galaxies", "galaxy"). */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const CATEGORY_WORD = 100;
const KEYWORD = 10;
const DESCRIPTION_WORD = 5;
/** A query word of 3+ letters that only begins a word ("marb", "gal") counts this much less. */
const PREFIX_FACTOR = 0.5;

/** How well one query word matches a set of (stemmed) words: 1 whole word, PREFIX_FACTOR a start of one, 0 none. */
function matchOf(queryWord: string, targets: ReadonlySet<string>): number {
  if (targets.has(queryWord)) return 1;
  if (queryWord.length >= 3) for (const t of targets) if (t.startsWith(queryWord)) return PREFIX_FACTOR;
  return 0;
}

type Indexed = {
  entry: CatalogueBackground;
  order: number;
  category: Set<string>;
  keywords: Set<string>;
  description: Set<string>;
};

const INDEX: readonly Indexed[] = BACKGROUND_CATALOGUE.map((entry, order) => {
  const category = BACKGROUND_CATEGORIES.find((c) => c.id === entry.category)!;
  const stems = (list: string[]) => new Set(list.map(stem));
  return {
    entry,
    order,
    category: stems([...words(category.name), ...words(category.query)]),
    keywords: stems(entry.keywords.flatMap(words)),
    description: stems(words(entry.description)),
  };
});

/**
 * The catalogue images matching `query`, best first, at most `limit`: case-insensitive, word by
 * word, against the category's name and query, the keywords and the description's words (whole
 * words, plurals, or a beginning of 3+ letters). Images of a category the query names come
 * before all others; then by score (category 100, keyword 10, description word 5, halved for a
 * mere beginning, summed over the query's words), then in catalogue order. A query with no
 * words (the route refuses blank ones anyway) or no match answers [].
 */
export function searchCatalogue(query: string, limit: number = BACKGROUND_SEARCH_LIMIT): CatalogueBackground[] {
  const queryWords = [...new Set(words(query).map(stem))];
  if (queryWords.length === 0 || limit <= 0) return [];
  const scored: { entry: CatalogueBackground; order: number; categoryHit: boolean; score: number }[] = [];
  for (const item of INDEX) {
    let score = 0;
    let categoryHit = false;
    for (const w of queryWords) {
      const c = matchOf(w, item.category);
      if (c > 0) categoryHit = true;
      score +=
        c * CATEGORY_WORD + matchOf(w, item.keywords) * KEYWORD + matchOf(w, item.description) * DESCRIPTION_WORD;
    }
    if (score > 0) scored.push({ entry: item.entry, order: item.order, categoryHit, score });
  }
  scored.sort((a, b) => Number(b.categoryHit) - Number(a.categoryHit) || b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.entry);
}
