/**
 * The Photos tab's built-in backgrounds: 42 "photo" looks drawn as CSS gradients (no image to
 * download or host), in eight categories. Each is a gradient of the safe grammar the server takes
 * as a backgroundImageUrl (isSafeGradient); a unit test holds every one to it.
 */

export const PHOTO_CATEGORIES = [
  'Nature',
  'Wood',
  'Candy',
  'Galaxy',
  'Marble',
  'Concrete',
  'Urban',
  'Abstract',
] as const;
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number];

export interface BuiltInPhotoBackground {
  name: string;
  category: PhotoCategory;
  type: 'gradient';
  /** The background itself: a CSS gradient. */
  url: string;
  /** What the swatch shows: the same gradient, scaled down by the browser. */
  thumb: string;
}

const photo = (name: string, category: PhotoCategory, gradient: string): BuiltInPhotoBackground => ({
  name,
  category,
  type: 'gradient',
  url: gradient,
  thumb: gradient,
});

export const PHOTO_BACKGROUNDS: readonly BuiltInPhotoBackground[] = [
  photo('Forest Canopy', 'Nature', 'linear-gradient(160deg, #134e5e 0%, #2f7d4f 55%, #71b280 100%)'),
  photo('Ocean Breeze', 'Nature', 'linear-gradient(to bottom, #2193b0 0%, #6dd5ed 100%)'),
  photo('Sunset Meadow', 'Nature', 'linear-gradient(to top, #7fb77e 0%, #fceabb 55%, #f8b500 100%)'),
  photo('Mountain Mist', 'Nature', 'linear-gradient(180deg, #bdc3c7 0%, #8e9eab 50%, #2c3e50 100%)'),
  photo('Desert Dunes', 'Nature', 'linear-gradient(135deg, #e6b980 0%, #eacda3 50%, #c8a165 100%)'),
  photo('Northern Lights', 'Nature', 'linear-gradient(200deg, #0b3d2e 0%, #1fa37a 40%, #7be0b9 70%, #1b2a49 100%)'),

  photo(
    'Oak Planks',
    'Wood',
    'linear-gradient(90deg, #a0724a 0%, #b88a5a 20%, #9a6a40 40%, #c29566 60%, #a37449 80%, #b5875a 100%)',
  ),
  photo('Walnut', 'Wood', 'linear-gradient(90deg, #5d3a1a 0%, #6f4521 25%, #4e2f14 50%, #7a4d27 75%, #5a381a 100%)'),
  photo('Birch', 'Wood', 'linear-gradient(90deg, #f1e3c8 0%, #e6d2ac 30%, #f5e9d3 55%, #dcc59c 80%, #efe0c2 100%)'),
  photo('Cherry Wood', 'Wood', 'linear-gradient(90deg, #8b3a2b 0%, #a0493a 30%, #7a2f22 60%, #9c4535 100%)'),
  photo('Driftwood', 'Wood', 'linear-gradient(90deg, #9e9a8f 0%, #b8b2a5 35%, #8c877c 65%, #a9a395 100%)'),

  photo('Cotton Candy', 'Candy', 'linear-gradient(135deg, #fbc2eb 0%, #a6c1ee 100%)'),
  photo('Bubblegum', 'Candy', 'linear-gradient(135deg, #ff9a9e 0%, #fecfef 100%)'),
  photo('Lemon Drop', 'Candy', 'linear-gradient(135deg, #fff59d 0%, #ffe082 50%, #ffcc80 100%)'),
  photo('Mint Swirl', 'Candy', 'linear-gradient(120deg, #d4fc79 0%, #96e6a1 100%)'),
  photo(
    'Peppermint Stripe',
    'Candy',
    'linear-gradient(45deg, #ffffff 0%, #ffffff 25%, #f43f5e 25%, #f43f5e 50%, #ffffff 50%, #ffffff 75%, #f43f5e 75%, #f43f5e 100%)',
  ),

  photo('Nebula', 'Galaxy', 'radial-gradient(circle at 30% 30%, #6a11cb 0%, #2575fc 45%, #0b0033 100%)'),
  photo('Deep Space', 'Galaxy', 'linear-gradient(to bottom, #000000 0%, #0f2027 40%, #203a43 70%, #2c5364 100%)'),
  photo('Cosmic Purple', 'Galaxy', 'radial-gradient(ellipse at center, #8e2de2 0%, #4a00e0 50%, #140032 100%)'),
  photo(
    'Starlight',
    'Galaxy',
    'radial-gradient(circle at 70% 20%, #fdfcfb 0%, #6b73ff 20%, #000dff 55%, #000428 100%)',
  ),
  photo('Milky Way', 'Galaxy', 'linear-gradient(160deg, #0f0c29 0%, #302b63 50%, #24243e 100%)'),

  photo(
    'Carrara',
    'Marble',
    'linear-gradient(135deg, #f5f5f5 0%, #e0e0e0 30%, #fafafa 50%, #d6d6d6 70%, #f2f2f2 100%)',
  ),
  photo(
    'Black Marble',
    'Marble',
    'linear-gradient(135deg, #1c1c1c 0%, #3a3a3a 35%, #151515 60%, #444444 80%, #1e1e1e 100%)',
  ),
  photo('Rose Marble', 'Marble', 'linear-gradient(135deg, #f8e1e4 0%, #f1c6cc 35%, #fbeef0 60%, #e8b4bc 100%)'),
  photo('Green Onyx', 'Marble', 'linear-gradient(135deg, #cfe8d5 0%, #9fcfae 35%, #e3f3e7 60%, #7fb78f 100%)'),
  photo(
    'Gold Vein',
    'Marble',
    'linear-gradient(135deg, #fdfbf6 0%, #f1e6c8 40%, #d4b25c 50%, #f6efdc 60%, #fffdf8 100%)',
  ),

  photo('Raw Concrete', 'Concrete', 'linear-gradient(180deg, #9e9e9e 0%, #bdbdbd 50%, #8d8d8d 100%)'),
  photo('Polished Slate', 'Concrete', 'linear-gradient(135deg, #606c88 0%, #3f4c6b 100%)'),
  photo('Warm Cement', 'Concrete', 'linear-gradient(160deg, #b6ada5 0%, #d3cbc3 50%, #a39a91 100%)'),
  photo('Charcoal', 'Concrete', 'linear-gradient(180deg, #434343 0%, #000000 100%)'),
  photo('Limestone', 'Concrete', 'linear-gradient(135deg, #e8e2d6 0%, #d7cfbf 50%, #efeae0 100%)'),

  photo('City Lights', 'Urban', 'linear-gradient(to bottom, #141e30 0%, #243b55 60%, #f7b733 100%)'),
  photo('Neon Night', 'Urban', 'linear-gradient(135deg, #ff0080 0%, #7928ca 50%, #0070f3 100%)'),
  photo('Brick Wall', 'Urban', 'linear-gradient(180deg, #8e3b2f 0%, #a94c3a 50%, #7b3026 100%)'),
  photo('Rooftop Dusk', 'Urban', 'linear-gradient(to top, #30cfd0 0%, #330867 100%)'),
  photo('Asphalt', 'Urban', 'linear-gradient(160deg, #232526 0%, #414345 100%)'),

  photo('Aurora', 'Abstract', 'linear-gradient(135deg, #00c6ff 0%, #0072ff 35%, #8e2de2 70%, #ff6a88 100%)'),
  photo('Fire Burst', 'Abstract', 'radial-gradient(circle at center, #fff200 0%, #ff7e00 40%, #d31027 100%)'),
  photo('Pastel Dream', 'Abstract', 'linear-gradient(120deg, #a1c4fd 0%, #c2e9fb 50%, #fbc2eb 100%)'),
  photo('Electric Violet', 'Abstract', 'linear-gradient(45deg, #4776e6 0%, #8e54e9 100%)'),
  photo('Tropical Punch', 'Abstract', 'linear-gradient(135deg, #f6d365 0%, #fda085 50%, #f5576c 100%)'),
  photo(
    'Mono Wave',
    'Abstract',
    'linear-gradient(90deg, #ffffff 0%, #d7d7d7 25%, #ffffff 50%, #d7d7d7 75%, #ffffff 100%)',
  ),
];
