import { profilePhotosResponse, profilePostsResponse } from '@myworld/schemas';
import { useProfileList } from '../../../lib/profile-reads.ts';

// The videos grid's read is shared with other features: web/src/lib/profile-reads.ts.

/** GET /api/users/{id}/photos?cursor=: the user's text posts with a photo. */
export const useProfilePhotos = (userId: string) => useProfileList(userId, 'photos', profilePhotosResponse);

/** GET /api/users/{id}/posts?cursor=: every post of the user, text posts with what draws their card. */
export const useProfilePosts = (userId: string) => useProfileList(userId, 'posts', profilePostsResponse);
