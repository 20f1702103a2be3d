import { useEffect, useRef, useState } from 'react';
import { POST_MESSAGES, type VideoItem } from '@myworld/schemas';
import { PlayIcon } from './feed-icons.tsx';

interface PostVideoProps {
  post: VideoItem;
  /** The post on screen: it plays (muted, looped); any other is paused. */
  active: boolean;
  /** Detail pages: the browser's own controls instead of tap to play/pause. */
  controls?: boolean;
}

/**
 * A video post. It plays while active unless the viewer tapped it paused; leaving and coming back
 * starts it again. When the browser refuses to autoplay, it stays paused with the play overlay.
 */
export function PostVideo({ post, active, controls = false }: PostVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  const [pausedByViewer, setPausedByViewer] = useState(false);

  useEffect(() => {
    if (!active) setPausedByViewer(false);
  }, [active]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (active && !pausedByViewer) play(v, setPaused);
    else v.pause();
  }, [active, pausedByViewer, post.videoUrl]);

  if (!post.videoUrl) {
    // Only the author sees a video before it is processed.
    return (
      <div className="post-video post-video--pending" data-testid="video-pending">
        <p>{post.status === 'failed' ? POST_MESSAGES.videoFailed : POST_MESSAGES.videoProcessing}</p>
      </div>
    );
  }

  function toggle() {
    const v = video.current;
    if (!v) return;
    if (v.paused) {
      setPausedByViewer(false);
      play(v, setPaused);
    } else {
      setPausedByViewer(true);
      v.pause();
    }
  }

  return (
    <div className="post-video">
      <video
        ref={video}
        className="post-video__media"
        src={post.videoUrl}
        poster={post.thumbnailUrl ?? undefined}
        muted
        loop
        playsInline
        preload={active ? 'auto' : 'metadata'}
        controls={controls}
        data-testid="feed-video"
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      />
      {!controls && (
        <button
          type="button"
          className="post-video__toggle"
          aria-label={paused ? 'Play' : 'Pause'}
          data-testid="video-toggle"
          onClick={toggle}
        >
          {paused && (
            <span className="post-video__play" data-testid="play-overlay">
              <PlayIcon />
            </span>
          )}
        </button>
      )}
    </div>
  );
}

function play(v: HTMLVideoElement, setPaused: (paused: boolean) => void) {
  // Autoplay may be refused (no gesture yet, power saving): show the overlay so a tap starts it.
  Promise.resolve(v.play()).catch(() => setPaused(true));
}
