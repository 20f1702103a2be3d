import type { ColorFilterId } from '@myworld/schemas';
import { colorFilters } from '../lib/color-filters.ts';

/** The ten colour filters, each shown on a swatch as it looks. */
export function ColorTab({ value, onChange }: { value: ColorFilterId; onChange: (id: ColorFilterId) => void }) {
  return (
    <div className="editor-choices" role="group" aria-label="Colour filters">
      {colorFilters.map((f) => (
        <button
          key={f.id}
          type="button"
          className={`editor-choice ${value === f.id ? 'is-active' : ''}`}
          aria-pressed={value === f.id}
          data-testid={`color-filter-${f.id}`}
          onClick={() => onChange(f.id)}
        >
          <span className="editor-swatch" style={{ filter: f.css }} aria-hidden="true" />
          <span className="editor-choice__label">{f.label}</span>
        </button>
      ))}
    </div>
  );
}
