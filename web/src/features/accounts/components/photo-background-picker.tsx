import { useState } from 'react';
import {
  PHOTO_BACKGROUNDS,
  PHOTO_CATEGORIES,
  type BuiltInPhotoBackground,
  type PhotoCategory,
} from '../lib/photo-backgrounds.ts';
import { slugOf } from '../lib/slug.ts';

type CategoryFilter = 'All' | PhotoCategory;
const FILTERS: CategoryFilter[] = ['All', ...PHOTO_CATEGORIES];

interface PhotoBackgroundPickerProps {
  /** The background image chosen now, to mark its swatch. */
  selected: string | null;
  onChoose: (photo: BuiltInPhotoBackground) => void;
}

/** The built-in backgrounds in two scrolling rows, filtered by category (All by default). */
export function PhotoBackgroundPicker({ selected, onChoose }: PhotoBackgroundPickerProps) {
  const [filter, setFilter] = useState<CategoryFilter>('All');
  const shown = filter === 'All' ? PHOTO_BACKGROUNDS : PHOTO_BACKGROUNDS.filter((p) => p.category === filter);
  return (
    <div className="photo-picker">
      <div className="customize-chips" role="group" aria-label="Background categories">
        {FILTERS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={filter === c}
            className={`customize-chip ${filter === c ? 'is-active' : ''}`}
            data-testid={`photo-category-${slugOf(c)}`}
            onClick={() => setFilter(c)}
          >
            {c}
          </button>
        ))}
      </div>
      <div className="swatch-rows" role="group" aria-label="Photo backgrounds" data-testid="photo-backgrounds">
        {shown.map((photo) => (
          <button
            key={photo.name}
            type="button"
            aria-pressed={selected === photo.url}
            aria-label={photo.name}
            title={photo.name}
            className={`swatch ${selected === photo.url ? 'is-selected' : ''}`}
            style={{ backgroundImage: photo.thumb }}
            data-testid={`photo-background-${slugOf(photo.name)}`}
            onClick={() => onChoose(photo)}
          >
            <span className="swatch__name">{photo.name}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
