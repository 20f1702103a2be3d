import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
}

/** A labelled input (so tests and screen readers find it by its label) with an optional live hint. */
export function TextField({ label, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className={`input ${className ?? ''}`} {...input} />
      {hint}
    </div>
  );
}
