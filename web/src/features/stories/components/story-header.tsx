import type { Story } from '@myworld/schemas';
import { EyeIcon } from '../../../components/ui/icons.tsx';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { useSlots } from '../../../lib/slots.tsx';
import { formatCount } from '../../../lib/format-count.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { authorName } from '../lib/group-stories.ts';
import { STORY_LABELS } from '../lib/labels.ts';
import { StoryAvatar } from './story-avatar.tsx';

interface StoryHeaderProps {
  story: Story;
  /** Seconds left on the shown story. */
  remainingSeconds: number;
  /** The signed-in user wrote it: the view count opens who viewed. */
  own: boolean;
  viewersOpen: boolean;
  onToggleViewers: () => void;
  onClose: () => void;
}

/** Over the story: author, how long ago, the view count (who viewed, for the author), time left, Report (others' stories) and close. */
export function StoryHeader({ story, remainingSeconds, own, viewersOpen, onToggleViewers, onClose }: StoryHeaderProps) {
  const { ReportAction } = useSlots();
  const views = (
    <>
      <EyeIcon />
      <span data-testid="story-view-count">{formatCount(story.viewCount)}</span>
    </>
  );
  return (
    <div className="story-header">
      <StoryAvatar user={story.user} className="story-header__avatar" />
      <div className="story-header__who">
        <span className="story-header__name">{authorName(story.user)}</span>
        <time className="story-header__time" dateTime={story.createdAt} data-testid="story-time">
          {formatRelativeTime(story.createdAt)}
        </time>
      </div>
      {own ? (
        <button
          type="button"
          className="story-header__views story-header__views--button"
          aria-label={`${STORY_LABELS.viewers}: ${story.viewCount}`}
          aria-expanded={viewersOpen}
          data-testid="story-viewers-button"
          onClick={onToggleViewers}
        >
          {views}
        </button>
      ) : (
        <span className="story-header__views" aria-label={`${story.viewCount} views`}>
          {views}
        </span>
      )}
      <span
        className="story-header__remaining"
        data-testid="story-remaining"
        aria-label={`${remainingSeconds} seconds left`}
      >
        {remainingSeconds}s
      </span>
      {!own && (
        <MenuButton
          label="More about this story"
          testId="story-more"
          items={(close) => <ReportAction contentType="story" contentId={story.id} onDone={close} />}
        />
      )}
      <button
        type="button"
        className="story-header__close"
        aria-label={STORY_LABELS.close}
        data-testid="story-close"
        onClick={onClose}
      >
        ×
      </button>
    </div>
  );
}
