import { useState } from 'react';
import { STORY_DISPLAY_MS } from '@myworld/schemas';
import { useReportView } from '../hooks/use-report-view.ts';
import { useStoryTimer } from '../hooks/use-story-timer.ts';
import type { StoryGroup } from '../lib/group-stories.ts';
import { STORY_LABELS } from '../lib/labels.ts';
import { StoryHeader } from './story-header.tsx';
import { StoryMedia } from './story-media.tsx';
import { StoryProgress } from './story-progress.tsx';
import { StoryViewersList } from './story-viewers-list.tsx';

interface StoryFrameProps {
  group: StoryGroup;
  /** The shown story's index in the author's stories. */
  index: number;
  /** Hovered (the timer pauses while hovering). The list of viewers pauses it too. */
  hovered: boolean;
  own: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
}

/**
 * One shown story with its timer. Mounted anew for each story (keyed by its id), so the progress
 * and the viewers list start over on every story change.
 */
export function StoryFrame({
  group,
  index,
  hovered,
  own,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onClose,
}: StoryFrameProps) {
  const story = group.stories[index]!;
  const [viewersOpen, setViewersOpen] = useState(false);
  const duration = STORY_DISPLAY_MS[story.mediaType];
  const elapsed = useStoryTimer(duration, hovered || viewersOpen, onNext);
  useReportView(story.id);

  return (
    <div className="story-frame" data-paused={hovered || viewersOpen}>
      <StoryMedia story={story} />
      {/* Tapping the left half goes back, the right half forward (the visible buttons do the same for keyboards). */}
      <div
        className="story-frame__half story-frame__half--left"
        data-testid="story-left-half"
        aria-hidden="true"
        onClick={onPrevious}
      />
      <div
        className="story-frame__half story-frame__half--right"
        data-testid="story-right-half"
        aria-hidden="true"
        onClick={onNext}
      />
      <div className="story-frame__top">
        <StoryProgress count={group.stories.length} current={index} progress={elapsed / duration} />
        <StoryHeader
          story={story}
          remainingSeconds={Math.ceil((duration - elapsed) / 1000)}
          own={own}
          viewersOpen={viewersOpen}
          onToggleViewers={() => setViewersOpen((open) => !open)}
          onClose={onClose}
        />
      </div>
      {hasPrevious && (
        <button
          type="button"
          className="story-frame__nav story-frame__nav--previous"
          aria-label={STORY_LABELS.previous}
          data-testid="story-prev"
          onClick={onPrevious}
        >
          ‹
        </button>
      )}
      {hasNext && (
        <button
          type="button"
          className="story-frame__nav story-frame__nav--next"
          aria-label={STORY_LABELS.next}
          data-testid="story-next"
          onClick={onNext}
        >
          ›
        </button>
      )}
      {own && viewersOpen && <StoryViewersList storyId={story.id} />}
    </div>
  );
}
