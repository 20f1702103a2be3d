import { Link } from 'wouter';
import { POST_MESSAGES, postLink, type PostStatus } from '@myworld/schemas';

interface VideoStatusProps {
  postId: string;
  status: PostStatus;
  failureReason: string | null;
  /** Back to the form to try another video. */
  onRetry: () => void;
}

/** After publishing: processing..., then live (with its link) or why it failed. */
export function VideoStatus({ postId, status, failureReason, onRetry }: VideoStatusProps) {
  return (
    <section
      className={`card video-status video-status--${status}`}
      data-testid="video-status"
      data-status={status}
      aria-live="polite"
    >
      {status === 'processing' && (
        <>
          <span className="spinner video-status__spinner" aria-hidden="true" />
          <p className="video-status__title">Processing…</p>
          <p className="muted">{POST_MESSAGES.videoProcessing}</p>
        </>
      )}
      {status === 'published' && (
        <>
          <p className="video-status__title">{POST_MESSAGES.videoPublished}</p>
          <div className="posting-row">
            <Link
              href={postLink({ id: postId, kind: 'video' })}
              className="btn btn--primary"
              data-testid="view-video-link"
            >
              View Video
            </Link>
            <Link href="/" className="btn btn--secondary" data-testid="back-home-link">
              Back to Home
            </Link>
          </div>
        </>
      )}
      {status === 'failed' && (
        <>
          <p className="video-status__title">{POST_MESSAGES.videoFailed}</p>
          {failureReason && (
            <p className="video-status__reason" data-testid="video-failure-reason">
              {failureReason}
            </p>
          )}
          <button type="button" className="btn btn--secondary" onClick={onRetry} data-testid="video-try-again">
            Try Another Video
          </button>
        </>
      )}
    </section>
  );
}
