import { useEffect, useRef } from 'react';

/**
 * A video story: muted and autoplaying (browsers allow muted autoplay), looped so a clip shorter
 * than the story's display time keeps moving. `muted` is also set on the element itself because
 * React does not write the attribute, and some browsers check it before allowing autoplay.
 */
export function StoryVideo({ src }: { src: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    v.muted = true;
    // A refused autoplay leaves the first frame; the story still advances on its timer.
    Promise.resolve(v.play()).catch(() => undefined);
  }, [src]);
  return (
    <video
      ref={video}
      className="story-media__file"
      src={src}
      muted
      autoPlay
      loop
      playsInline
      data-testid="story-video"
    />
  );
}
