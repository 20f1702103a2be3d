import { describeChange } from '../lib/analytics-format.ts';

const ARROWS = { up: '↑', down: '↓', flat: '→' } as const;
const SPOKEN = { up: 'Up', down: 'Down', flat: 'No change,' } as const;

/**
 * A change against the previous window of the same length: an arrow and its size, green up, red
 * down; "New" when the previous window had none (there is no ratio to show).
 */
export function ChangeBadge({ change, testId }: { change: number | null; testId: string }) {
  if (change === null)
    return (
      <span
        className="analytics-change analytics-change--new"
        data-testid={testId}
        data-direction="new"
        aria-label="New this period: none in the previous period"
      >
        New
      </span>
    );
  const { direction, text } = describeChange(change);
  return (
    <span
      className={`analytics-change analytics-change--${direction}`}
      data-testid={testId}
      data-direction={direction}
      aria-label={`${SPOKEN[direction]} ${text} from the previous period`}
    >
      <span aria-hidden="true">{ARROWS[direction]}</span> {text}
    </span>
  );
}
