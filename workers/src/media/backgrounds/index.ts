// The built-in background catalogue: rendered here, searched and served by the API.
export {
  ensureBackgroundCatalogue,
  type CatalogueLogger,
  type EnsureCatalogueOptions,
  type EnsureCatalogueResult,
} from './ensure-catalogue.ts';
export { BACKGROUND_WEBP_QUALITY, backgroundSvg, renderBackground, type RenderedBackground } from './render.ts';
