import { useId, useState, type FormEvent } from 'react';
import { DEMO_TEXT_MAX, emptyDraft, hasText, toDemoPost, type DemoPostKind } from '../lib/demo-post.ts';
import { SAMPLE_MEDIA, type DemoPost } from '../lib/sample-data.ts';
import { DemoArt } from './demo-art.tsx';

interface DemoComposerProps {
  kind: DemoPostKind;
  id: string;
  onPost: (post: DemoPost) => void;
  onBack: () => void;
}

const FIELD = {
  text: { label: 'Your post', placeholder: "What's on your mind?", submit: 'Post' },
  media: { label: 'Caption', placeholder: 'Say something about it', submit: 'Post' },
  live: { label: 'Stream title', placeholder: 'What are you streaming?', submit: 'Go Live' },
} as const;

/** Writes one demo post; blank text is refused (the button stays off, and a submit says why). */
export function DemoComposer({ kind, id, onPost, onBack }: DemoComposerProps) {
  const fieldId = useId();
  const [draft, setDraft] = useState(() => emptyDraft(kind));
  const [error, setError] = useState<string | null>(null);
  const field = FIELD[kind];

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = toDemoPost(draft, id);
    if ('error' in result) setError(result.error);
    else onPost(result.post);
  }

  return (
    <form className="demo-composer" onSubmit={submit} data-testid="demo-composer">
      {kind === 'media' && (
        <fieldset className="demo-composer__media">
          <legend className="field__label">Pick a sample clip</legend>
          {SAMPLE_MEDIA.map((art) => (
            <button
              key={art.motif}
              type="button"
              className="demo-composer__pick"
              aria-pressed={draft.art === art}
              aria-label={`Sample clip: ${art.motif}`}
              onClick={() => setDraft((d) => ({ ...d, art }))}
            >
              <DemoArt art={art} />
            </button>
          ))}
        </fieldset>
      )}
      <label htmlFor={fieldId} className="field__label">
        {field.label}
      </label>
      <textarea
        id={fieldId}
        className="input demo-composer__text"
        placeholder={field.placeholder}
        maxLength={DEMO_TEXT_MAX}
        rows={kind === 'live' ? 2 : 4}
        value={draft.text}
        onChange={(e) => {
          setDraft((d) => ({ ...d, text: e.target.value }));
          setError(null);
        }}
      />
      <p className="demo-composer__counter">
        {draft.text.length}/{DEMO_TEXT_MAX}
      </p>
      {error && (
        <p className="field__hint field__hint--error" role="alert">
          {error}
        </p>
      )}
      <div className="demo-composer__buttons">
        <button type="button" className="btn btn--secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="btn btn--primary" disabled={!hasText(draft.text)}>
          {field.submit}
        </button>
      </div>
    </form>
  );
}
