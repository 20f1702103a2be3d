import { windowLimit } from './limits-config.ts';

/**
 * The named write limits every write route declares (`config.limit`, route-limits.ts), each
 * "MAX/SECONDS": at most MAX requests in SECONDS per signed-in user (per client address for a
 * visitor), one counter per name shared by every route naming it. Past it: 429 with Retry-After,
 * before the route does anything. The defaults sit well above what a person does by hand and stop
 * scripted floods; a test harness passes smaller ones through its environment.
 */
export const writeLimitsConfigShape = {
  /** Text posts created per user. Default: "60/3600" (60 an hour). */
  RATE_LIMIT_POSTS: windowLimit('60/3600'),
  /** Video posts submitted per user. Default: "20/3600" (20 an hour). */
  RATE_LIMIT_VIDEOS: windowLimit('20/3600'),
  /** Stories created per user. Default: "100/86400" (100 a day). */
  RATE_LIMIT_STORIES: windowLimit('100/86400'),
  /** Uploads started per user (an upload URL or a multipart upload). Default: "100/3600" (100 an hour). */
  RATE_LIMIT_UPLOADS: windowLimit('100/3600'),
  /** Reports filed per user. Default: "20/3600" (20 an hour). */
  RATE_LIMIT_REPORTS: windowLimit('20/3600'),
  /** Follows and unfollows per user, together. Default: "100/3600" (100 an hour). */
  RATE_LIMIT_FOLLOWS: windowLimit('100/3600'),
  /** Likes and unlikes per user, together. Default: "300/3600" (300 an hour). */
  RATE_LIMIT_LIKES: windowLimit('300/3600'),
  /** Shares per user (a repeated share of one post records nothing). Default: "100/3600" (100 an hour). */
  RATE_LIMIT_SHARES: windowLimit('100/3600'),
  /** Comments written per user. Default: "30/60" (30 a minute). */
  RATE_LIMIT_COMMENTS: windowLimit('30/60'),
  /** Direct messages sent per user. Default: "60/60" (60 a minute). */
  RATE_LIMIT_MESSAGES: windowLimit('60/60'),
  /** Duet requests per user. Default: "20/3600" (20 an hour). */
  RATE_LIMIT_DUET_REQUESTS: windowLimit('20/3600'),
  /** Remind Me requests and cancellations per user, together. Default: "60/3600" (60 an hour). */
  RATE_LIMIT_REMINDERS: windowLimit('60/3600'),
  /** Gifts sent per user. Default: "100/3600" (100 an hour). */
  RATE_LIMIT_GIFTS: windowLimit('100/3600'),
  /** Live-stream actions per user: starting, going live, ending, answering and ending duets. Default: "60/3600" (60 an hour). */
  RATE_LIMIT_STREAMS: windowLimit('60/3600'),
  /** Thumbnail frames per user: the streamer's client sends one a minute; the rest is slack for retries. Default: "3/60" (3 a minute). */
  RATE_LIMIT_STREAM_THUMBNAILS: windowLimit('3/60'),
  /** Profile edits per user: details, privacy, picture, background. Default: "60/3600" (60 an hour). */
  RATE_LIMIT_PROFILE_EDITS: windowLimit('60/3600'),
  /** Account changes per user: email change requests and confirmations, account deletion. Default: "20/3600" (20 an hour). */
  RATE_LIMIT_ACCOUNT_CHANGES: windowLimit('20/3600'),
  /** Views and joins per user: post interactions, story views, joining a live stream. Default: "1200/3600" (1,200 an hour). */
  RATE_LIMIT_VIEWS: windowLimit('1200/3600'),
  /** Staff actions per user: moderation decisions and settings, role grants. Default: "600/3600" (600 an hour). */
  RATE_LIMIT_STAFF_ACTIONS: windowLimit('600/3600'),
  /** Every other write per user: deleting posts and comments, read marks, finishing uploads. Default: "600/3600" (600 an hour). */
  RATE_LIMIT_OTHER_WRITES: windowLimit('600/3600'),
};
