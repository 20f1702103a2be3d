import type { Story } from '@myworld/schemas';
import { readableTextColor, storyBackground } from '../lib/story-colors.ts';
import { StoryVideo } from './story-video.tsx';

/** The story itself: text on its background colour, or the image or muted video with the caption over it. */
export function StoryMedia({ story }: { story: Story }) {
  if (story.mediaType === 'text') {
    const background = storyBackground(story.backgroundColor);
    return (
      <div
        className="story-media story-media--text"
        style={{ backgroundColor: background, color: readableTextColor(background) }}
        data-testid="story-media"
        data-kind="text"
      >
        <p className="story-media__text">{story.content}</p>
      </div>
    );
  }
  return (
    <div className="story-media" data-testid="story-media" data-kind={story.mediaType}>
      {story.mediaUrl &&
        (story.mediaType === 'image' ? (
          <img
            className="story-media__file"
            src={story.mediaUrl}
            alt={story.content || 'Story photo'}
            data-testid="story-image"
          />
        ) : (
          <StoryVideo src={story.mediaUrl} />
        ))}
      {story.content && <p className="story-media__caption">{story.content}</p>}
    </div>
  );
}
