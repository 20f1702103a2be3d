import { useId } from 'react';

interface SwitchRowProps {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}

/** A labelled on/off row; a checkbox with role="switch" so it is reachable by its label. */
export function SwitchRow({ label, description, checked, disabled, onChange, testId }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="switch-row">
      <label htmlFor={id} className="switch-row__text">
        <span className="switch-row__label">{label}</span>
        {description && <span className="switch-row__description">{description}</span>}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
