/**
 * The stories this page session has reported as viewed: each at most once until the page reloads,
 * however often it is shown again.
 */
const reported = new Set<string>();

/** True the first time for a story (the caller then reports it); false after. */
export function claimViewReport(storyId: string): boolean {
  if (reported.has(storyId)) return false;
  reported.add(storyId);
  return true;
}

/** A report that failed: the next time the story is shown may try again. */
export function releaseViewReport(storyId: string): void {
  reported.delete(storyId);
}

/** Tests start from a fresh page session. */
export function forgetViewReports(): void {
  reported.clear();
}
