import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoPostResponse, type VideoItem, type VideoPostBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/videos → 201 {post}: the video as its author sees it, processing at first. */
export async function submitVideo(body: VideoPostBody): Promise<VideoItem> {
  return videoPostResponse.parse(await apiJson('POST', '/api/videos', body)).post;
}

/**
 * The answer seeds the post's own query, which then polls until processing is done. The author's
 * grid shows the video (processing) at once; the feed only once it is published (see use-video-status).
 */
export function useSubmitVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVideo,
    onSuccess: (post) => {
      queryClient.setQueryData(queryKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
    },
  });
}
