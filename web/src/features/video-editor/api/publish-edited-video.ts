import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoPostResponse, type VideoItem, type VideoPostBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/videos → 201 {post}: the short video with its description, category and effects list, processing at first. */
export async function publishEditedVideo(body: VideoPostBody): Promise<VideoItem> {
  return videoPostResponse.parse(await apiJson('POST', '/api/videos', body)).post;
}

/** The author's grid shows the new video (processing) at once; its detail query is seeded. */
export function usePublishEditedVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishEditedVideo,
    onSuccess: (post) => {
      queryClient.setQueryData(queryKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
    },
  });
}
