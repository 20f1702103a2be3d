import { useId } from 'react';
import { ABOUT_ME_MAX } from '@myworld/schemas';

/** About Me, up to 500 characters, with a live "n/500 characters" count. */
export function AboutMeField({ aboutMe, onChange }: { aboutMe: string | null; onChange: (text: string) => void }) {
  const id = useId();
  const text = aboutMe ?? '';
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        About Me
      </label>
      <textarea
        id={id}
        className="input customize-textarea"
        rows={5}
        maxLength={ABOUT_ME_MAX}
        value={text}
        placeholder="Tell people about yourself"
        data-testid="about-me-input"
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="field__hint customize-counter" data-testid="about-me-counter">
        {text.length}/{ABOUT_ME_MAX} characters
      </p>
    </div>
  );
}
