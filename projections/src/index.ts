// The package's one public entry (tests and tools: `@myworld/projections/testing`).

// Defining projections
export {
  defineProjection,
  type Projection,
  type ProjectionContext,
  type ProjectionHandler,
  type ProjectionHandlers,
  type RunHandler,
  type TypedRecordedEvent,
  type TypedRecordedEventOf,
} from './projection.ts';
export { allProjections } from './all-projections.ts';

// Running them: the runner, rebuilds (replay), generations, leader lock
export { ProjectionRunner, type RunnerOptions } from './runner.ts';
export {
  rebuild,
  rebuildAll,
  type RebuildOptions,
  type RebuildResult,
  type RebuildAllOptions,
  type RebuildAllResult,
} from './rebuild.ts';
export {
  ensureRegistry,
  listGenerations,
  activeGeneration,
  type Generation,
  type GenerationStatus,
  type GenerationFailure,
} from './generations.ts';
export { dropSnapshots, expiredSnapshots, type SnapshotDropRule } from './snapshot-retention.ts';
export { GenerationMovedError, handles } from './apply-batch.ts';
export { ProjectionEventError } from './failures.ts';
export { withLeaderLock, STANDBY_RETRY_MS } from './leader-lock.ts';
export { createDatabase } from './database.ts';
export { loadProjectionsConfig, projectionsConfigSchema, type ProjectionsConfig } from './config.ts';

// Watching them: lag and status (failed projections) for /metrics and /healthz
export { projectionLag, LAG_COUNT_CAP, type ProjectionLag } from './lag.ts';
export { projectionStatuses, type ProjectionStatus, type ProjectionStatusReport } from './status.ts';

// Querying them
export { ReadModels, ReadModelNotReadyError, type ReadModelSources } from './query-side.ts';

// Read model: users
export { usersProjection, type UsersDb } from './read-models/users/users.projection.ts';
export {
  currentUserById,
  isUsernameTaken,
  profileUser,
  usernamesById,
  publicUsersById,
  mailAddressesById,
  accountTrustFactsById,
} from './read-models/users/users.queries.ts';

// Read model: live-streams (projection name `live_streams`)
export { liveStreamsProjection, type LiveStreamsDb } from './read-models/live-streams/live-streams.projection.ts';
export {
  toLiveStream,
  activeLiveStreams,
  activeStreamsStartedBefore,
  liveAndUpcomingStreams,
  liveStreamById,
  recentStreamChat,
  liveStreamUser,
  upcomingStreamsPage,
  scheduledStreamsSince,
} from './read-models/live-streams/live-streams.queries.ts';

// Read model: media (projection name `media`)
export { mediaProjection, type MediaDb } from './read-models/media/media.projection.ts';
export {
  mediaFileByKey,
  mediaFileToServe,
  mediaIdsOfOwner,
  mediaById,
  SHOWN_AS,
  type MediaServing,
  type MediaSummary,
  type ServableFile,
} from './read-models/media/media.queries.ts';

// Read model: follows (projection name `follows`)
export { followsProjection, type FollowsDb } from './read-models/follows/follows.projection.ts';
export { followCounts, isFollowing, followeesOf } from './read-models/follows/follows.queries.ts';

// Read model: posts (projection name `posts`)
export { postsProjection, type PostsDb } from './read-models/posts/posts.projection.ts';
export {
  hydratePostItems,
  postAuthor,
  postItemById,
  profilePhotos,
  profilePosts,
  profileVideos,
  publishedPostCount,
  publishedPostsByAuthor,
  type PageKey,
  type PostRow,
} from './read-models/posts/posts.queries.ts';
export {
  feedCandidates,
  followingPage,
  postRowsByIds,
  viewerSignals,
  type FeedCandidateRow,
} from './read-models/posts/feed.queries.ts';
export {
  followeeCandidates,
  likedByFollowees,
  likedByFolloweesCandidates,
  publishedCandidatesByIds,
} from './read-models/posts/activity.queries.ts';
export {
  commentById,
  commentUser,
  commentsPage,
  likesPost,
  postEngagement,
  type PostEngagement,
} from './read-models/posts/engagement.queries.ts';
export { engagementSoFar, type EngagementSoFar } from './read-models/posts/own-engagement.queries.ts';

// Read model: recommendations (interest profiles)
export {
  recommendationsProjection,
  type RecommendationsDb,
} from './read-models/recommendations/recommendations.projection.ts';
export {
  categoryInterests,
  interactionMix,
  mostActiveHours,
  type CategoryInterest,
  type InteractionMix,
} from './read-models/recommendations/recommendations.queries.ts';

// Read model: conversations (direct messages)
export { conversationsProjection, type ConversationsDb } from './read-models/conversations/conversations.projection.ts';
export {
  conversationsPage,
  conversationMessages,
  unreadTotalWithout,
  unreadTotals,
} from './read-models/conversations/conversations.queries.ts';

// Read model: stories
export { storiesProjection, type StoriesDb } from './read-models/stories/stories.projection.ts';
export { liveStoriesFor, storyViewers, storyUser, storyExpiries } from './read-models/stories/stories.queries.ts';

// Read model: timelines
export { timelinesProjection, type TimelinesDb } from './read-models/timelines/timelines.projection.ts';
export { streamTimeline, streamSummary } from './read-models/timelines/timelines.queries.ts';
export { reportTimelinePage, type ReportTimelineRow } from './read-models/timelines/report-timeline.queries.ts';

// Read model: trending (hashtags, creators and content by decayed recent activity; the banner's totals)
export { trendingProjection, type TrendingDb } from './read-models/trending/trending.projection.ts';
export {
  trendingContent,
  trendingContentIds,
  trendingPostIds,
  trendingHashtags,
  trendingCreators,
  discoverTotals,
} from './read-models/trending/trending.queries.ts';

// Read model: search (posts full text, users by trigram, hashtags)
export { searchProjection, type SearchDb } from './read-models/search/search.projection.ts';
export {
  SEARCH_CANDIDATES,
  searchPosts,
  searchUsers,
  searchHashtags,
  postResultsByIds,
  hashtagSummary,
  hashtagPostKeys,
  type Window,
} from './read-models/search/search.queries.ts';

// Read model: gifts (one row per gift, earnings per streamer)
export { giftsProjection, type GiftsDb } from './read-models/gifts/gifts.projection.ts';
export { earningsOf, streamGiftTotal, giftById } from './read-models/gifts/gifts.queries.ts';

// Read model: roles (staff roles held now, per user)
export { rolesProjection, type RolesDb } from './read-models/roles/roles.projection.ts';
export { rolesOfUser, roleHoldersPage, type RoleHolderKey } from './read-models/roles/roles.queries.ts';

// Read model: reports (the moderation queue)
export { reportsProjection, type ReportsDb } from './read-models/reports/reports.projection.ts';
export { reportsPage } from './read-models/reports/reports.queries.ts';
export { reportStats } from './read-models/reports/report-stats.queries.ts';
export {
  contentCard,
  contentIdsByAuthor,
  reportersOfContent,
  dismissalsOf,
  openReportIds,
  recordedModerationSettings,
  type ContentCard,
} from './read-models/reports/content-moderation.queries.ts';

// Read model: analytics (creator analytics per hour, analysts' audited reads)
export { analyticsProjection, type AnalyticsDb } from './read-models/analytics/analytics.projection.ts';
export {
  analyticsAccessPage,
  analyticsUserExists,
  audienceBreakdown,
  categoryActivity,
  creatorHours,
  followersAt,
  topPosts,
  type AnalyticsAccessRow,
  type CreatorHour,
  type HourSpan,
  type PostActivity,
} from './read-models/analytics/analytics.queries.ts';
