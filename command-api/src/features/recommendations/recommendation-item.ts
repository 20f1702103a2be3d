import type { PostItem, RecommendationItem, RecommendationReason } from '@myworld/schemas';

/** A title for a text post: its first line, at most this long. */
const TITLE_MAX = 80;

/**
 * A feed item as a recommendation item. Views and likes are left out when the author
 * hides them (the item already leaves them out), as everywhere else.
 */
export function toRecommendationItem(
  item: PostItem,
  extra: { score: number; reasons: RecommendationReason[]; trending: boolean },
): RecommendationItem {
  const text = item.kind === 'text' ? item.content : item.description;
  return {
    id: item.id,
    type: item.kind === 'video' ? 'video' : 'post',
    title: item.kind === 'video' ? item.description : (text.split('\n')[0] ?? '').slice(0, TITLE_MAX),
    content: text,
    thumbnailUrl: item.kind === 'video' ? item.thumbnailUrl : item.imageUrl,
    textStyle:
      item.kind === 'text'
        ? { backgroundColor: item.backgroundColor, textColor: item.textColor, fontStyle: item.fontStyle }
        : null,
    trending: extra.trending,
    user: {
      id: item.user.id,
      username: item.user.username,
      firstName: item.user.firstName,
      profileImageUrl: item.user.profileImageUrl,
      isVerified: false,
    },
    stats: {
      ...(item.viewCount === undefined ? {} : { views: item.viewCount }),
      ...(item.likeCount === undefined ? {} : { likes: item.likeCount }),
      comments: item.commentCount,
    },
    recommendationScore: Math.round(extra.score * 1000) / 1000,
    recommendationReason: extra.reasons,
    createdAt: item.createdAt,
  };
}
