import { useState } from 'react';
import { Link } from 'wouter';
import type { VideoPostBody } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { useVideoStatus } from '../api/get-post.ts';
import { useSubmitVideo } from '../api/submit-video.ts';
import { useVideoOutcome } from '../hooks/use-video-outcome.ts';
import { POSTING_TEXTS } from '../lib/labels.ts';
import { PageHeader } from './page-header.tsx';
import { VideoForm } from './video-form.tsx';
import { VideoStatus } from './video-status.tsx';
import './posts.css';

/** /quick-videos: upload a short video, describe it, publish, and watch it get processed. */
export function QuickVideosPage() {
  const submit = useSubmitVideo();
  const [postId, setPostId] = useState<string | null>(null);
  // The submit's answer seeds this query; it polls while the video is processing.
  const { data: post } = useVideoStatus(postId);
  const video = post?.kind === 'video' ? post : undefined;
  useVideoOutcome(postId, video?.status, video?.failureReason);

  function publish(body: VideoPostBody) {
    submit.mutate(body, {
      onSuccess: (created) => setPostId(created.id),
      onError: (error) =>
        toast({
          title: POSTING_TEXTS.publishVideoFailed,
          description: serverMessage(error) ?? error.message,
          variant: 'destructive',
        }),
    });
  }

  return (
    <main className="posting-page" data-testid="quick-videos-page">
      <PageHeader
        title="Quick Video"
        backTo="/upload"
        action={
          <Link href="/create-post" className="btn btn--secondary btn--small" data-testid="text-post-button">
            Text Post
          </Link>
        }
      />
      {postId && video ? (
        <VideoStatus
          postId={postId}
          status={video.status}
          failureReason={video.failureReason}
          onRetry={() => {
            submit.reset();
            setPostId(null);
          }}
        />
      ) : (
        <VideoForm publishing={submit.isPending} onPublish={publish} />
      )}
    </main>
  );
}
