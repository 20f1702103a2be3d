/**
 * The posts this page session has reported as viewed: each at most once until the page reloads,
 * whether seen in the feed (either tab) or on its detail page.
 */
const viewed = new Set<string>();

/** True the first time for a post (the caller then reports it); false after. */
export function claimView(postId: string): boolean {
  if (viewed.has(postId)) return false;
  viewed.add(postId);
  return true;
}

/** A report that failed: the next time the post is shown may try again. */
export function releaseView(postId: string): void {
  viewed.delete(postId);
}

/** Tests start from a fresh page session. */
export function forgetViews(): void {
  viewed.clear();
}
