import { useId, type CSSProperties } from 'react';
import { STORY_CONTENT_MAX } from '@myworld/schemas';

interface StoryContentFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** A text story's box shows its own background, so it doubles as the preview. */
  style?: CSSProperties;
}

/** A story's text, or a photo or video story's caption, with a live character count. */
export function StoryContentField({ label, placeholder, value, onChange, style }: StoryContentFieldProps) {
  const id = useId();
  return (
    <div className="story-field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="input story-field__textarea"
        placeholder={placeholder}
        maxLength={STORY_CONTENT_MAX}
        value={value}
        style={style}
        onChange={(e) => onChange(e.target.value)}
        data-testid="story-content-input"
      />
      <p className="story-field__counter" aria-live="polite">
        {value.length}/{STORY_CONTENT_MAX}
      </p>
    </div>
  );
}
