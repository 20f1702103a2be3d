/** The home feed's tabs, For You first. Local only: the choice is never sent to the server. */
export type FeedTab = 'following' | 'for-you';
export const DEFAULT_FEED_TAB: FeedTab = 'for-you';
