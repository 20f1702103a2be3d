import { PlusIcon } from '../../../components/ui/icons.tsx';
import { STORY_LABELS } from '../lib/labels.ts';
import { StoryAvatar } from './story-avatar.tsx';

interface AddStoryTileProps {
  user: { username: string; profileImageUrl: string | null };
  /** The user has stories: their own entry is the tile, and this is only its plus. */
  onOwnEntry?: boolean;
  onClick: () => void;
}

/**
 * The strip's first tile: the user's own picture with a plus, opening the create dialog. When the
 * user has stories, their own entry takes that place and this is just the plus on its corner,
 * so their picture is in the strip once.
 */
export function AddStoryTile({ user, onOwnEntry = false, onClick }: AddStoryTileProps) {
  if (onOwnEntry)
    return (
      <button
        type="button"
        className="story-tile__plus story-tile__plus--on-entry"
        aria-label={STORY_LABELS.addStoryAria}
        data-testid="add-story-tile"
        onClick={onClick}
      >
        <PlusIcon />
      </button>
    );
  return (
    <button
      type="button"
      className="story-tile"
      aria-label={STORY_LABELS.addStoryAria}
      data-testid="add-story-tile"
      onClick={onClick}
    >
      <span className="story-tile__ring story-tile__ring--add">
        <StoryAvatar user={user} className="story-tile__avatar" />
        <span className="story-tile__plus">
          <PlusIcon />
        </span>
      </span>
      <span className="story-tile__name">{STORY_LABELS.addStory}</span>
    </button>
  );
}
