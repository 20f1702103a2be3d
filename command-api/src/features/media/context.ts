import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { CatalogueFiles } from './catalogue-files.ts';

/** What the media routes share: the platform (the object store is one of its services) and the background catalogue's files. */
export interface MediaContext extends Platform {
  readonly catalogue: CatalogueFiles;
}

export function mediaContext(platform: Platform): MediaContext {
  return { ...platform, catalogue: new CatalogueFiles(platform.storage) };
}

/** Defines one media route (see routes/). */
export const mediaRoute = routeFor<MediaContext>();
