import { DEFAULT_TEXT_POST_BACKGROUND, DEFAULT_TEXT_POST_TEXT_COLOR } from '@myworld/schemas';

/**
 * The composer's two 24-colour palettes (24 colours each). Lower-case #rrggbb, so each colour's
 * test id is `bg-color-{hex without #}` / `text-color-{hex without #}`. Each starts with the
 * default (background #000000, text #ffffff).
 */
export const BACKGROUND_COLORS = [
  DEFAULT_TEXT_POST_BACKGROUND,
  '#1f2937',
  '#374151',
  '#6b7280',
  '#f3f4f6',
  '#ffffff',
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#eab308',
  '#84cc16',
  '#22c55e',
  '#10b981',
  '#14b8a6',
  '#06b6d4',
  '#0ea5e9',
  '#3b82f6',
  '#6366f1',
  '#7c3aed',
  '#a855f7',
  '#d946ef',
  '#ec4899',
  '#f43f5e',
  '#881337',
] as const;

export const TEXT_COLORS = [
  DEFAULT_TEXT_POST_TEXT_COLOR,
  '#000000',
  '#f3f4f6',
  '#d1d5db',
  '#9ca3af',
  '#4b5563',
  '#1f2937',
  '#fef08a',
  '#facc15',
  '#fb923c',
  '#f87171',
  '#dc2626',
  '#f9a8d4',
  '#ec4899',
  '#c084fc',
  '#7c3aed',
  '#93c5fd',
  '#2563eb',
  '#67e8f9',
  '#0891b2',
  '#86efac',
  '#16a34a',
  '#a16207',
  '#78350f',
] as const;
