import { STORY_MEDIA_TYPES, type StoryMediaType } from '@myworld/schemas';
import { STORY_LABELS } from '../lib/labels.ts';

/** The tab's name in test ids, as people read it ("photo" for an image story). */
const tabId = (type: StoryMediaType) => STORY_LABELS.tabs[type].toLowerCase();

/** Text, Photo, Video: which kind of story the dialog makes. */
export function StoryTypeTabs({ value, onChange }: { value: StoryMediaType; onChange: (type: StoryMediaType) => void }) {
  return (
    <div className="story-tabs" role="tablist" aria-label="Story type">
      {STORY_MEDIA_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={value === type}
          className={`story-tabs__tab${value === type ? ' is-active' : ''}`}
          data-testid={`create-story-tab-${tabId(type)}`}
          onClick={() => onChange(type)}
        >
          {STORY_LABELS.tabs[type]}
        </button>
      ))}
    </div>
  );
}
