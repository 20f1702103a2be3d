import { useId } from 'react';
import { backgroundColorOf, textColorOf } from '../../../lib/profile-look.ts';
import type { CustomizeDraft } from '../lib/customize-draft.ts';

/** A colour input holds #rrggbb only: a stored #rgb(a) or #rrggbbaa is shown as its #rrggbb. */
export function toPickerHex(hex: string): string {
  const digits = hex.slice(1);
  const six = digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join('') : digits.slice(0, 6);
  return `#${six.toLowerCase()}`;
}

interface ColorFieldProps {
  label: string;
  value: string;
  testId: string;
  onChange: (color: string) => void;
}

function ColorField({ label, value, testId, onChange }: ColorFieldProps) {
  const id = useId();
  return (
    <div className="color-field">
      <input
        id={id}
        type="color"
        className="color-field__input"
        value={toPickerHex(value)}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      <label htmlFor={id} className="color-field__label">
        {label}
      </label>
    </div>
  );
}

interface ColorFieldsProps {
  draft: CustomizeDraft;
  onBackgroundColor: (color: string) => void;
  onTextColor: (color: string) => void;
}

/** The background and text colour pickers (each showing the default until one is chosen). */
export function ColorFields({ draft, onBackgroundColor, onTextColor }: ColorFieldsProps) {
  return (
    <div className="color-fields">
      <ColorField
        label="Background Color"
        value={backgroundColorOf(draft)}
        testId="background-color-input"
        onChange={onBackgroundColor}
      />
      <ColorField label="Text Color" value={textColorOf(draft)} testId="text-color-input" onChange={onTextColor} />
    </div>
  );
}
