import { colorId } from '../lib/palettes.ts';

interface ColorPaletteProps {
  label: string;
  colors: readonly string[];
  value: string;
  onChange: (hex: string) => void;
  /** `{testIdPrefix}-{hex without #}` on each swatch. */
  testIdPrefix: string;
}

/** A row of colour swatches, one pressed. */
export function ColorPalette({ label, colors, value, onChange, testIdPrefix }: ColorPaletteProps) {
  return (
    <fieldset className="posting-field">
      <legend className="field__label">{label}</legend>
      <div className="color-palette" role="group" aria-label={label}>
        {colors.map((hex) => (
          <button
            key={hex}
            type="button"
            className="color-palette__swatch"
            style={{ backgroundColor: hex }}
            aria-label={hex}
            aria-pressed={value === hex}
            data-testid={`${testIdPrefix}-${colorId(hex)}`}
            onClick={() => onChange(hex)}
          />
        ))}
      </div>
    </fieldset>
  );
}
