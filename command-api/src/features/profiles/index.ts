import { defineFeature } from '../../platform/feature.ts';
import { getProfile } from './routes/get-profile.ts';
import { listProfilePhotos } from './routes/list-profile-photos.ts';
import { listProfileVideos } from './routes/list-profile-videos.ts';

/** Public profiles: the profile by id or username, and its video and photo grids. */
export const profiles = defineFeature({
  name: 'profiles',
  routes: [getProfile, listProfileVideos, listProfilePhotos],
});
