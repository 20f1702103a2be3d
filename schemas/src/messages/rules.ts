/** Direct messages: limits and the client's timings. */
export const MESSAGE_MAX = 2_000;
/** Messages per page of GET /api/messages/{otherUserId}. */
export const MESSAGES_PAGE_SIZE = 50;
/** Conversations per page of GET /api/conversations. */
export const CONVERSATIONS_PAGE_SIZE = 50;
/** The client polls a conversation this often while its socket is not healthy. */
export const MESSAGE_POLL_MS = 3_000;
