import { postItemById, type PostsDb } from '@myworld/projections';
import type { PostItem } from '@myworld/schemas';
import type { PagePreview } from '../../../platform/link-previews/link-previews.ts';
import { previewText, type LinkPreview } from '../../../platform/link-previews/link-preview.ts';
import type { PostsContext } from '../context.ts';

/** A post as a visitor may see it (published, not hidden or removed), as a link preview. */
async function postPreview(params: Readonly<Record<string, string>>, ctx: PostsContext): Promise<LinkPreview | null> {
  const id = params.id ?? '';
  // Not an id a post can have: no read.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const post = await postItemById(await ctx.readModels.query<PostsDb>('posts'), id, null);
  return post ? previewOf(post) : null;
}

export function previewOf(post: PostItem): LinkPreview {
  const author = `@${post.user.username}`;
  if (post.kind === 'video')
    return {
      title: `${post.user.firstName} (${author}) on MyWorld`,
      description: previewText(post.description || `A video by ${author}`),
      image: post.thumbnailUrl,
      type: 'video.other',
    };
  return {
    title: `${post.user.firstName} (${author}) on MyWorld`,
    description: previewText(post.content),
    image: post.imageUrl,
    type: 'article',
  };
}

/** The detail pages a post's Share button links to. */
export const postPreviews: PagePreview<PostsContext>[] = [
  { path: '/post/:id', preview: postPreview },
  { path: '/video/:id', preview: postPreview },
];
