import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { authorName, type StoryGroup } from '../lib/group-stories.ts';
import { nextPosition, previousPosition, type StoryPosition } from '../lib/story-sequence.ts';
import { StoryFrame } from './story-frame.tsx';

interface StoryViewerProps {
  /** Every strip entry, in strip order: the viewer plays on into the next author's stories. */
  groups: readonly StoryGroup[];
  /** The entry that was opened; it starts at that author's first story. */
  startGroup: number;
  /** The signed-in user, who sees who viewed their own stories. */
  ownUserId: string;
  onClose: () => void;
}

/**
 * The story viewer over the page: one story at a time, on to the next at the end of its time and
 * closed after the last. Escape closes; the arrow keys go back and forward.
 */
export function StoryViewer({ groups, startGroup, ownUserId, onClose }: StoryViewerProps) {
  const [at, setAt] = useState<StoryPosition>({ group: startGroup, story: 0 });
  // Kept here, not per story: the pointer is still over the viewer when the story changes under it.
  const [hovered, setHovered] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const group = groups[at.group];
  const story = group?.stories[at.story];
  const previous = previousPosition(groups, at);
  const next = nextPosition(groups, at);
  const goPrevious = () => previous && setAt(previous);
  const goNext = () => (next ? setAt(next) : onClose());

  // The list was read again without the shown story (it expired): nothing is left to show here.
  useEffect(() => {
    if (!story) onClose();
  }, [story, onClose]);

  useEffect(() => dialog.current?.focus(), []);

  const keys = useRef({ goPrevious, goNext, onClose });
  useEffect(() => {
    keys.current = { goPrevious, goNext, onClose };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') keys.current.onClose();
      else if (e.key === 'ArrowLeft') keys.current.goPrevious();
      else if (e.key === 'ArrowRight') keys.current.goNext();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!group || !story) return null;
  // A touch "enters" on every tap and never leaves, and Chromium reports an "enter" when the card
  // opens under a still mouse: only a mouse moving over the story pauses it.
  const hover = (e: PointerEvent) => e.pointerType !== 'touch' && !hovered && setHovered(true);

  return createPortal(
    <div
      ref={dialog}
      className="story-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={`${authorName(group.user)}'s story`}
      tabIndex={-1}
      data-testid="story-viewer"
      data-story-id={story.id}
    >
      <div className="story-viewer__stage" onPointerMove={hover} onPointerLeave={() => setHovered(false)}>
        <StoryFrame
          key={story.id}
          group={group}
          index={at.story}
          hovered={hovered}
          own={story.userId === ownUserId}
          hasPrevious={previous !== null}
          hasNext={next !== null}
          onPrevious={goPrevious}
          onNext={goNext}
          onClose={onClose}
        />
      </div>
    </div>,
    document.body,
  );
}
