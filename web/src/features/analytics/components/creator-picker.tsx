import { useId, useState, type FormEvent } from 'react';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { localInputToIso } from '../../../lib/local-time.ts';

export interface CreatorChoice {
  /** null: the analyst's own analytics. */
  readonly username: string | null;
  /** ISO date-time of the history to see (null: now). */
  readonly asOf: string | null;
}

/** Analysts only: whose analytics to see (by username) and, for history, as of when. */
export function CreatorPicker({ onShow }: { onShow: (choice: CreatorChoice) => void }) {
  const [username, setUsername] = useState('');
  const [asOf, setAsOf] = useState('');
  const usernameId = useId();
  const asOfId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onShow({ username: username.trim().replace(/^@/, '') || null, asOf: localInputToIso(asOf) });
  };
  return (
    <form
      className="analytics-picker card"
      onSubmit={submit}
      aria-label="Choose a creator"
      data-testid="analytics-picker"
    >
      <div className="analytics-picker__field">
        <label htmlFor={usernameId}>{ANALYTICS_TEXTS.creator}</label>
        <input
          id={usernameId}
          className="input"
          placeholder="Your own when empty"
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          data-testid="analytics-creator"
        />
      </div>
      <div className="analytics-picker__field">
        <label htmlFor={asOfId}>{ANALYTICS_TEXTS.asOf}</label>
        <input
          id={asOfId}
          className="input"
          type="datetime-local"
          value={asOf}
          onChange={(e) => setAsOf(e.target.value)}
          data-testid="analytics-as-of"
        />
      </div>
      <button type="submit" className="btn btn--primary btn--small" data-testid="analytics-show">
        {ANALYTICS_TEXTS.show}
      </button>
    </form>
  );
}
