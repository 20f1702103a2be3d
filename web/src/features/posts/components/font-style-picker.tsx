import { FONT_STYLES, type FontStyle } from '@myworld/schemas';
import { fontCss } from './post-preview.tsx';

const LABELS: Record<FontStyle, string> = { normal: 'Normal', bold: 'Bold', italic: 'Italic' };

/** Normal, bold or italic: three buttons, one pressed. */
export function FontStylePicker({ value, onChange }: { value: FontStyle; onChange: (style: FontStyle) => void }) {
  return (
    <fieldset className="posting-field">
      <legend className="field__label">Font Style</legend>
      <div className="font-styles" role="group" aria-label="Font style">
        {FONT_STYLES.map((style) => (
          <button
            key={style}
            type="button"
            className={`btn btn--small ${value === style ? 'btn--primary' : 'btn--secondary'}`}
            style={fontCss(style)}
            aria-pressed={value === style}
            data-testid={`font-${style}`}
            onClick={() => onChange(style)}
          >
            {LABELS[style]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
