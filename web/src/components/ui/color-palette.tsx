import { colorName } from './color-names.ts';

/** A colour in test ids: its hex without the #. */
const colorId = (hex: string) => hex.replace(/^#/, '');

interface ColorPaletteProps {
  label: string;
  colors: readonly string[];
  value: string;
  onChange: (hex: string) => void;
  /** `{testIdPrefix}-{hex without #}` on each swatch. */
  testIdPrefix: string;
  /** The fieldset's class (the page's field spacing). */
  className: string;
}

/** A row of colour swatches, one pressed, each named for screen readers (color-names.ts). */
export function ColorPalette({ label, colors, value, onChange, testIdPrefix, className }: ColorPaletteProps) {
  return (
    <fieldset className={className}>
      <legend className="field__label">{label}</legend>
      <div className="color-palette" role="group" aria-label={label}>
        {colors.map((hex) => (
          <button
            key={hex}
            type="button"
            className="color-palette__swatch"
            style={{ backgroundColor: hex }}
            aria-label={colorName(hex)}
            title={colorName(hex)}
            aria-pressed={value === hex}
            data-testid={`${testIdPrefix}-${colorId(hex)}`}
            onClick={() => onChange(hex)}
          />
        ))}
      </div>
    </fieldset>
  );
}
