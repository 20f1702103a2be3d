import { hashtagPostKeys, hashtagSummary, postResultsByIds, type SearchDb } from '@myworld/projections';
import { hashtagName } from '@myworld/schemas';
import type { Platform } from '../../../platform/feature.ts';
import type { PagePreview } from '../../../platform/link-previews/link-previews.ts';
import { previewText, type LinkPreview } from '../../../platform/link-previews/link-preview.ts';

/** How many of the newest posts a hashtag's preview looks through for a picture. */
const POSTS_FOR_A_PICTURE = 10;

/** A hashtag in use as a link preview: how many posts use it, the newest one's text and a picture. */
async function hashtagPreview(params: Readonly<Record<string, string>>, ctx: Platform): Promise<LinkPreview | null> {
  const tag = hashtagName.safeParse(params.tag ?? '');
  if (!tag.success) return null;
  const db = await ctx.readModels.query<SearchDb>('search');
  const summary = await hashtagSummary(db, tag.data);
  if (!summary) return null;
  const newest = await postResultsByIds(
    db,
    (await hashtagPostKeys(db, summary.name, { limit: POSTS_FOR_A_PICTURE })).map((k) => k.id),
  );
  const posts = `${summary.useCount} ${summary.useCount === 1 ? 'post' : 'posts'}`;
  const latest = newest[0]?.content;
  return {
    title: `#${summary.name} on MyWorld`,
    description: previewText(latest ? `${posts} · ${latest}` : posts),
    image: newest.find((p) => p.thumbnailUrl)?.thumbnailUrl ?? null,
    type: 'website',
  };
}

/** A hashtag's page, as hashtag links and shares reach it. */
export const hashtagPreviews: PagePreview<Platform>[] = [{ path: '/hashtag/:tag', preview: hashtagPreview }];
