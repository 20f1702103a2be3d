import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { fontStyle, videoCategory } from '../posts/rules.ts';

/** The public profile: GET /api/users/{userId}/profile and the profile grids. */

/** `{userId}`: a user id or a username (search links use /profile/{username}). */
export const profileParam = z.object({ userId: z.string().trim().min(1).max(100) });

/** A user's public profile, plus the viewer's relation to it. `joinedAt` is left out when the user hides activity. */
export const profile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  bio: z.string().nullable(),
  aboutMe: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  followerCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  postCount: z.number().int().nonnegative(),
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
  joinedAt: z.string().optional(),
});
export type Profile = z.infer<typeof profile>;

/** GET /api/users/{id}/posts, /videos and /photos: newest first, a page at a time (X-Next-Cursor). */
export const profileListQuery = z.object({ cursor: pageCursor.optional() });

/** A video of a profile's grid; viewCount is left out when the author hides engagement from others. */
export const profileVideo = z.object({
  id: z.string(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  viewCount: z.number().int().nonnegative().optional(),
  title: z.string(),
  description: z.string(),
  category: videoCategory,
  createdAt: z.string(),
  /** Only the author sees their own processing and failed videos. */
  status: z.enum(['processing', 'published', 'failed']),
  failureReason: z.string().nullable(),
});
export type ProfileVideo = z.infer<typeof profileVideo>;
export const profileVideosResponse = z.array(profileVideo);

/** The Photos tab: text posts with a photo. */
export const profilePhoto = z.object({
  id: z.string(),
  imageUrl: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type ProfilePhoto = z.infer<typeof profilePhoto>;
export const profilePhotosResponse = z.array(profilePhoto);

/** A text post of a profile's Posts tab, drawn as its card (its colours, font and photo). */
export const profileTextPost = z.object({
  kind: z.literal('text'),
  id: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  fontStyle,
  createdAt: z.string(),
});
export type ProfileTextPost = z.infer<typeof profileTextPost>;

/** The Posts tab: every post of the user, text posts as their card and videos as in the Videos tab. */
export const profilePost = z.discriminatedUnion('kind', [
  profileVideo.extend({ kind: z.literal('video') }),
  profileTextPost,
]);
export type ProfilePost = z.infer<typeof profilePost>;
export const profilePostsResponse = z.array(profilePost);
