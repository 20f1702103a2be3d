/**
 * What a screen reader says for each swatch colour the client offers (the composer's palettes and
 * the story backgrounds): a name a person would use, never the hex code. Names are unique, so two
 * swatches of one palette never sound alike.
 */
const COLOR_NAMES: Readonly<Record<string, string>> = {
  '#000000': 'Black',
  '#111827': 'Ink',
  '#1f2937': 'Charcoal',
  '#374151': 'Slate',
  '#4b5563': 'Dark grey',
  '#6b7280': 'Grey',
  '#9ca3af': 'Light grey',
  '#d1d5db': 'Silver',
  '#f3f4f6': 'Mist',
  '#ffffff': 'White',
  '#ef4444': 'Red',
  '#dc2626': 'Crimson',
  '#f87171': 'Coral',
  '#f43f5e': 'Rose',
  '#881337': 'Wine',
  '#f97316': 'Orange',
  '#fb923c': 'Light orange',
  '#f59e0b': 'Amber',
  '#eab308': 'Gold',
  '#facc15': 'Yellow',
  '#fef08a': 'Pale yellow',
  '#a16207': 'Mustard',
  '#78350f': 'Brown',
  '#84cc16': 'Lime',
  '#22c55e': 'Green',
  '#16a34a': 'Forest green',
  '#86efac': 'Mint',
  '#10b981': 'Emerald',
  '#14b8a6': 'Teal',
  '#06b6d4': 'Cyan',
  '#0891b2': 'Dark cyan',
  '#67e8f9': 'Aqua',
  '#0ea5e9': 'Sky blue',
  '#93c5fd': 'Light blue',
  '#3b82f6': 'Blue',
  '#2563eb': 'Royal blue',
  '#6366f1': 'Indigo',
  '#7c3aed': 'Violet',
  '#a855f7': 'Purple',
  '#c084fc': 'Lavender',
  '#d946ef': 'Fuchsia',
  '#db2777': 'Magenta',
  '#ec4899': 'Pink',
  '#f9a8d4': 'Light pink',
};

/** The name of a swatch colour (#rrggbb, any case); a colour without one is read as "Custom colour". */
export function colorName(hex: string): string {
  return COLOR_NAMES[hex.toLowerCase()] ?? 'Custom colour';
}

/** Every named colour, for tests that check a palette is fully named. */
export const NAMED_COLORS: readonly string[] = Object.keys(COLOR_NAMES);
