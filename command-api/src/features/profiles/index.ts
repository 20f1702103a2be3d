import { defineFeature } from '../../platform/feature.ts';
import { getProfile } from './routes/get-profile.ts';
import { listProfilePhotos } from './routes/list-profile-photos.ts';
import { listProfilePosts } from './routes/list-profile-posts.ts';
import { listProfileVideos } from './routes/list-profile-videos.ts';
import { profilePreviews } from './pages/profile-preview.ts';

/** Public profiles: the profile by id or username, its post, video and photo grids, and its link preview. */
export const profiles = defineFeature({
  name: 'profiles',
  routes: [getProfile, listProfilePosts, listProfileVideos, listProfilePhotos],
  pages: profilePreviews,
});
