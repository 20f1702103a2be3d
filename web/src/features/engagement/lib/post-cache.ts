import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PostItem } from '@myworld/schemas';

/**
 * The same post may be cached in several reads at once (a feed tab's pages, its detail page, a
 * profile's list), each owned by another feature. Rather than know all their keys, engagement
 * finds a post by its shape wherever it is cached and changes it there, keeping every other
 * object as it was (so only what showed the post re-renders).
 */

/** The deepest a post sits in a cached read: infinite data > pages > page > items > post. */
const MAX_DEPTH = 6;

function isPostItem(value: object): value is PostItem {
  const v = value as Partial<PostItem>;
  return typeof v.id === 'string' && (v.kind === 'video' || v.kind === 'text') && typeof v.liked === 'boolean';
}

function patchDeep(value: unknown, postId: string, patch: (post: PostItem) => PostItem, depth: number): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v) => {
      const p = patchDeep(v, postId, patch, depth + 1);
      if (p !== v) changed = true;
      return p;
    });
    return changed ? next : value;
  }
  if (isPostItem(value) && value.id === postId) return patch(value);
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const p = patchDeep(v, postId, patch, depth + 1);
    if (p !== v) changed = true;
    next[k] = p;
  }
  return changed ? next : value;
}

/** Whether a cached read holds this post somewhere. */
export function holdsPost(data: unknown, postId: string): boolean {
  return patchDeep(data, postId, (p) => ({ ...p }), 0) !== data;
}

const holding = (postId: string) => ({
  predicate: (q: { state: { data: unknown } }) => holdsPost(q.state.data, postId),
});

/** Changes the post in every cached read that holds it. */
export function patchPostEverywhere(client: QueryClient, postId: string, patch: (post: PostItem) => PostItem): void {
  client.setQueriesData(holding(postId), (data: unknown) => patchDeep(data, postId, patch, 0));
}

export type PostSnapshot = [QueryKey, unknown][];

/** Stops refetches of the reads holding the post (they would overwrite an optimistic change) and keeps them as they are now. */
export async function snapshotPost(client: QueryClient, postId: string): Promise<PostSnapshot> {
  await client.cancelQueries(holding(postId));
  return client.getQueriesData(holding(postId));
}

/** Puts the reads back as they were when the snapshot was taken (a failed optimistic change). */
export function restorePost(client: QueryClient, snapshot: PostSnapshot): void {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}
