import { STORY_MEDIA_TYPES, type StoryMediaType } from '@myworld/schemas';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { STORY_LABELS } from '../lib/labels.ts';

/** The tab's name in test ids, as people read it ("photo" for an image story). */
const tabId = (type: StoryMediaType) => STORY_LABELS.tabs[type].toLowerCase();

/** Text, Photo, Video: which kind of story the dialog makes. */
export function StoryTypeTabs({
  value,
  onChange,
}: {
  value: StoryMediaType;
  onChange: (type: StoryMediaType) => void;
}) {
  return (
    <TabList
      label="Story type"
      tabs={STORY_MEDIA_TYPES.map((type) => ({ id: type, label: STORY_LABELS.tabs[type] }))}
      value={value}
      onChange={onChange}
      className="story-tabs"
      tabClassName="story-tabs__tab"
      testId={(type) => `create-story-tab-${tabId(type)}`}
    />
  );
}
