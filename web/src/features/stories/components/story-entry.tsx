import { EyeIcon } from '../../../components/ui/icons.tsx';
import { formatCount } from '../../../lib/format-count.ts';
import { authorName, type StoryGroup } from '../lib/group-stories.ts';
import { StoryAvatar } from './story-avatar.tsx';

interface StoryEntryProps {
  group: StoryGroup;
  /** Every story of the entry was shown in this session: a plain ring instead of the bright one. */
  seen: boolean;
  onOpen: () => void;
}

/** One author in the strip: avatar in a ring, name and the sum of their stories' views. */
export function StoryEntry({ group, seen, onOpen }: StoryEntryProps) {
  const name = authorName(group.user);
  return (
    <button
      type="button"
      className="story-tile"
      aria-label={`${name}'s story, ${group.stories.length} ${group.stories.length === 1 ? 'story' : 'stories'}`}
      data-testid="story-entry"
      data-user-id={group.userId}
      data-seen={seen}
      onClick={onOpen}
    >
      <span className={`story-tile__ring${seen ? ' is-seen' : ''}`}>
        <StoryAvatar user={group.user} className="story-tile__avatar" />
      </span>
      <span className="story-tile__name">{name}</span>
      <span className="story-tile__views" data-testid="story-entry-views">
        <EyeIcon />
        {formatCount(group.viewCount)}
      </span>
    </button>
  );
}
