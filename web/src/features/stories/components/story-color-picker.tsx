import { STORY_LABELS } from '../lib/labels.ts';
import { colorId, STORY_BACKGROUNDS } from '../lib/story-colors.ts';

/** The text story's background swatches, one pressed. */
export function StoryColorPicker({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  return (
    <fieldset className="story-field">
      <legend className="field__label">{STORY_LABELS.background}</legend>
      <div className="story-colors" role="group" aria-label={STORY_LABELS.background}>
        {STORY_BACKGROUNDS.map((hex) => (
          <button
            key={hex}
            type="button"
            className="story-colors__swatch"
            style={{ backgroundColor: hex }}
            aria-label={hex}
            aria-pressed={value === hex}
            data-testid={`story-bg-color-${colorId(hex)}`}
            onClick={() => onChange(hex)}
          />
        ))}
      </div>
    </fieldset>
  );
}
