import { LIVE_STREAM_CATEGORIES } from '@myworld/schemas';
import type { CategoryFilter } from '../api/list-active-streams.ts';
import { capitalize } from '../lib/format.ts';

const FILTERS: CategoryFilter[] = ['all', ...LIVE_STREAM_CATEGORIES];

/** All plus the nine stream categories, shown capitalized. */
export function CategoryChips({ value, onChange }: { value: CategoryFilter; onChange: (c: CategoryFilter) => void }) {
  return (
    <div className="chips" role="tablist" aria-label="Categories">
      {FILTERS.map((c) => (
        <button
          key={c}
          type="button"
          role="tab"
          aria-selected={value === c}
          className={`chip ${value === c ? 'is-active' : ''}`}
          data-testid={`category-${c}`}
          onClick={() => onChange(c)}
        >
          {capitalize(c)}
        </button>
      ))}
    </div>
  );
}
