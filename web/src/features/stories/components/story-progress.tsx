interface StoryProgressProps {
  /** How many stories the author has: one segment each. */
  count: number;
  /** The shown story's index. */
  current: number;
  /** How far the shown story is, 0 to 1. */
  progress: number;
}

/** The segmented bars: stories before the shown one full, the shown one filling, the rest empty. */
export function StoryProgress({ count, current, progress }: StoryProgressProps) {
  return (
    <div className="story-progress" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => {
        const state = i < current ? 'done' : i === current ? 'active' : 'pending';
        const percent = state === 'done' ? 100 : state === 'active' ? Math.round(progress * 100) : 0;
        return (
          <span
            key={i}
            className="story-progress__segment"
            data-testid="story-progress-segment"
            data-state={state}
            data-progress={state === 'active' ? percent : undefined}
          >
            <span className="story-progress__fill" style={{ width: `${percent}%` }} />
          </span>
        );
      })}
    </div>
  );
}
