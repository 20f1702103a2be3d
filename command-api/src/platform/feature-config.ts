import type { z } from 'zod';

/** The settings every feature's checks may look at besides its own. */
export interface SharedSettings {
  readonly NODE_ENV: string;
}

/**
 * What a feature adds to the API's configuration (`Feature.config`): its environment variables,
 * each a zod schema with its default, and optionally checks across them and the shared settings
 * (a key that needs another beside it). config.ts merges every feature's into one schema.
 */
export interface FeatureConfig<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly shape: Shape;
  readonly issues?: (config: SharedSettings & SettingsOf<Shape>, ctx: z.RefinementCtx) => void;
}

/** The parsed values of a feature's variables. */
export type SettingsOf<Shape extends z.ZodRawShape> = { [K in keyof Shape]: z.output<Shape[K]> };

/**
 * Every feature's parsed settings, as part of ApiConfig. Empty here: each feature's config.ts adds
 * its own by declaration merging (`declare module '.../platform/feature-config.ts'`), so the
 * platform types them without importing a feature.
 */
export interface FeatureSettings {}

/** Checks a feature's configuration against its shape. */
export function defineFeatureConfig<Shape extends z.ZodRawShape>(config: FeatureConfig<Shape>): FeatureConfig<Shape> {
  return config;
}
