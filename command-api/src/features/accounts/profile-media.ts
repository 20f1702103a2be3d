import { OBJECT_PATH_PREFIX, isCatalogueKey, isObjectPath, type MediaPurpose } from '@myworld/schemas';
import type { CommandContext } from '@myworld/write-model';
import type { Platform } from '../../platform/feature.ts';
import { attachUpload } from '../media/attach-upload.ts';

/**
 * A profile image field's value checked as media: an objectPath (or upload address) is attached
 * (the caller's own, an image within the purpose's limit) and stored as its objectPath. Empty,
 * null or undefined pass through; a background may also be a gradient (its grammar was checked
 * at the boundary) or an image of the built-in catalogue.
 */
export async function profileImageValue(
  platform: Platform,
  value: string | null | undefined,
  request: {
    ownerId: string;
    purpose: Extract<MediaPurpose, 'profile_picture' | 'profile_background'>;
    field: string;
    context: CommandContext;
  },
): Promise<string | null | undefined> {
  if (value === undefined || value === null || value === '') return value;
  if (
    request.purpose === 'profile_background' &&
    (!isObjectPath(value) || isCatalogueKey(value.slice(OBJECT_PATH_PREFIX.length)))
  )
    return value;
  return (await attachUpload(platform, { ...request, address: value })).objectPath;
}
