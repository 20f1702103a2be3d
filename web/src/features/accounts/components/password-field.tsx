import { useId, useState, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from '../../../components/ui/icons.tsx';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** Accessible name of the eye button, e.g. "password" gives "Show password" / "Hide password". */
  toggleName?: string;
  testId?: string;
  hint?: ReactNode;
}

/** A password input with a show/hide eye button inside it. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  toggleName = 'password',
  testId,
  hint,
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="input-with-action">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="input-action"
          aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {hint}
    </div>
  );
}
