/**
 * The gradients tab's 14 presets (the tab exists but no button reaches it). Choosing one clears
 * the background image and sets the background colour; the server keeps hex colours only, so the
 * colour a preset sets is its `preview`, the solid colour the gradient is centred on.
 */
export interface PresetGradient {
  name: string;
  /** What the swatch shows. */
  gradient: string;
  /** The background colour choosing it sets (hex). */
  preview: string;
}

export const PRESET_GRADIENTS: readonly PresetGradient[] = [
  { name: 'Sunset', gradient: 'linear-gradient(135deg, #ff7e5f 0%, #feb47b 100%)', preview: '#ff7e5f' },
  { name: 'Ocean', gradient: 'linear-gradient(135deg, #2193b0 0%, #6dd5ed 100%)', preview: '#2193b0' },
  { name: 'Purple Haze', gradient: 'linear-gradient(135deg, #7f00ff 0%, #e100ff 100%)', preview: '#7f00ff' },
  { name: 'Mint', gradient: 'linear-gradient(135deg, #00b09b 0%, #96c93d 100%)', preview: '#00b09b' },
  { name: 'Peach', gradient: 'linear-gradient(135deg, #ffecd2 0%, #fcb69f 100%)', preview: '#fcb69f' },
  { name: 'Berry', gradient: 'linear-gradient(135deg, #8e2de2 0%, #4a00e0 100%)', preview: '#8e2de2' },
  { name: 'Fire', gradient: 'linear-gradient(135deg, #f12711 0%, #f5af19 100%)', preview: '#f12711' },
  { name: 'Sky', gradient: 'linear-gradient(135deg, #56ccf2 0%, #2f80ed 100%)', preview: '#56ccf2' },
  { name: 'Forest', gradient: 'linear-gradient(135deg, #134e5e 0%, #71b280 100%)', preview: '#134e5e' },
  { name: 'Rose', gradient: 'linear-gradient(135deg, #f4c4f3 0%, #fc67fa 100%)', preview: '#fc67fa' },
  { name: 'Midnight', gradient: 'linear-gradient(135deg, #232526 0%, #414345 100%)', preview: '#232526' },
  { name: 'Citrus', gradient: 'linear-gradient(135deg, #fdc830 0%, #f37335 100%)', preview: '#fdc830' },
  { name: 'Lavender', gradient: 'linear-gradient(135deg, #e0c3fc 0%, #8ec5fc 100%)', preview: '#e0c3fc' },
  { name: 'Cherry', gradient: 'linear-gradient(135deg, #eb3349 0%, #f45c43 100%)', preview: '#eb3349' },
];
