/** Every user-facing text of public profiles, each defined once. */
export const PROFILE_PAGE_MESSAGES = {
  notFound: 'Profile not found',
  noVideos: 'No videos yet',
  noPhotos: 'No photos yet',
} as const;
