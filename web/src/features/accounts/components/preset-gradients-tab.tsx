import { PRESET_GRADIENTS, type PresetGradient } from '../lib/preset-gradients.ts';
import { slugOf } from '../lib/slug.ts';

/** The 14 preset gradients (a tab no button reaches). */
export function PresetGradientsTab({
  selectedColor,
  onChoose,
}: {
  selectedColor: string | null;
  onChoose: (preset: PresetGradient) => void;
}) {
  return (
    <div className="preset-grid" role="group" aria-label="Preset gradients">
      {PRESET_GRADIENTS.map((preset) => (
        <button
          key={preset.name}
          type="button"
          aria-pressed={selectedColor === preset.preview}
          className="preset"
          data-testid={`preset-gradient-${slugOf(preset.name)}`}
          onClick={() => onChoose(preset)}
        >
          <span className="preset__swatch" style={{ backgroundImage: preset.gradient }} aria-hidden="true" />
          <span className="preset__name">{preset.name}</span>
        </button>
      ))}
    </div>
  );
}
