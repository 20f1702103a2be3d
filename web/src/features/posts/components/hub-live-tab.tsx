import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  LIVE_STREAM_CATEGORIES,
  LIVE_STREAM_DESCRIPTION_MAX,
  LIVE_STREAM_TITLE_MAX,
  type LiveStreamCategory,
} from '@myworld/schemas';
import { TextField } from '../../../components/ui/text-field.tsx';
import { capitalize } from '../lib/labels.ts';

/**
 * The hub's live tab: title, description and category, then Go Live (disabled while the title is
 * blank) hands the draft to /go-live, where the camera is set up and the stream starts (a stream
 * started here would have no camera and end for lack of media).
 */
export function HubLiveTab() {
  const [, navigate] = useLocation();
  const descriptionId = useId();
  const categoryId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<LiveStreamCategory>('general');
  const canStart = title.trim().length > 0;

  function goLive(e: FormEvent) {
    e.preventDefault();
    if (!canStart) return;
    navigate(`/go-live?${new URLSearchParams({ title: title.trim(), description, category }).toString()}`);
  }

  return (
    <form className="card panel" aria-label="Stream setup" onSubmit={goLive}>
      <TextField
        label="Title"
        required
        maxLength={LIVE_STREAM_TITLE_MAX}
        placeholder="What's your stream about?"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        data-testid="hub-live-title"
      />
      <div className="field">
        <label htmlFor={descriptionId} className="field__label">
          Description
        </label>
        <textarea
          id={descriptionId}
          className="input textarea"
          maxLength={LIVE_STREAM_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="hub-live-description"
        />
      </div>
      <div className="field">
        <label htmlFor={categoryId} className="field__label">
          Category
        </label>
        <select
          id={categoryId}
          className="input select"
          value={category}
          onChange={(e) => setCategory(e.target.value as LiveStreamCategory)}
          data-testid="hub-live-category"
        >
          {LIVE_STREAM_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {capitalize(c)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={!canStart}
        data-testid="hub-go-live-button"
      >
        Go Live
      </button>
    </form>
  );
}
