/** How many accounts one user may follow (TikTok's own cap is 10,000). */
export const FOLLOWING_MAX = 10_000;
