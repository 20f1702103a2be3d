import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { POST_MESSAGES, VIDEO_CATEGORIES, VIDEO_DESCRIPTION_MAX, type VideoCategory } from '@myworld/schemas';
import { videoCategoryLabel } from '../../../lib/labels.ts';
import type { SaveState } from '../hooks/use-save-video.ts';

interface SaveSheetProps {
  state: SaveState;
  onPublish: (description: string, category: VideoCategory) => void;
  onClose: () => void;
  /** Back to the form after a failure. */
  onReset: () => void;
}

const percent = (fraction: number) => Math.round(fraction * 100);

/** Where saving is: a bar for rendering and uploading, then publishing. */
function progressOf(state: SaveState): { label: string; value: number | null } | null {
  if (state.phase === 'rendering')
    return { label: `Rendering video... ${percent(state.progress)}%`, value: percent(state.progress) };
  if (state.phase === 'uploading')
    return { label: `Uploading... ${percent(state.progress)}%`, value: percent(state.progress) };
  if (state.phase === 'publishing') return { label: 'Publishing...', value: null };
  return null;
}

/** Publishing the edited video as a short video: description (200 at most), category, then progress and the outcome. */
export function SaveSheet({ state, onPublish, onClose, onReset }: SaveSheetProps) {
  const descriptionId = useId();
  const categoryId = useId();
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<VideoCategory>('none');
  const progress = progressOf(state);

  function submit(e: FormEvent) {
    e.preventDefault();
    onPublish(description, category);
  }

  return (
    <div
      className="editor-sheet"
      role="dialog"
      aria-modal="true"
      aria-label="Save video"
      data-testid="editor-save-sheet"
    >
      {state.phase === 'idle' && (
        <form className="stack" onSubmit={submit}>
          <h2 className="editor-sheet__title">Post your video</h2>
          <label htmlFor={descriptionId} className="field__label">
            Description
          </label>
          <textarea
            id={descriptionId}
            className="input textarea"
            placeholder="Describe your video..."
            maxLength={VIDEO_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            data-testid="editor-description-input"
          />
          <p className="posting-counter muted" aria-live="polite">
            {description.length}/{VIDEO_DESCRIPTION_MAX}
          </p>
          <label htmlFor={categoryId} className="field__label">
            Category
          </label>
          <select
            id={categoryId}
            className="input select"
            value={category}
            onChange={(e) => setCategory(e.target.value as VideoCategory)}
            data-testid="editor-category-select"
          >
            {VIDEO_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {videoCategoryLabel(c)}
              </option>
            ))}
          </select>
          <div className="editor-sheet__actions">
            <button type="button" className="btn btn--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" data-testid="editor-publish-button">
              Publish Video
            </button>
          </div>
        </form>
      )}
      {progress && (
        <div className="stack" aria-live="polite">
          <p className="editor-sheet__title" data-testid="editor-progress-label">
            {progress.label}
          </p>
          <progress
            className="editor-progress"
            max={100}
            {...(progress.value === null ? {} : { value: progress.value })}
            data-testid="editor-progress"
            data-phase={state.phase}
          />
          {state.phase === 'rendering' && (
            <p className="muted">The video plays through once while it is recorded with your effects.</p>
          )}
        </div>
      )}
      {state.phase === 'done' && (
        <div className="stack" data-testid="editor-saved">
          <p className="editor-sheet__title">{POST_MESSAGES.videoProcessing}</p>
          <div className="editor-sheet__actions">
            <Link href="/profile" className="btn btn--primary" data-testid="editor-view-profile">
              View on Profile
            </Link>
            <button type="button" className="btn btn--secondary" onClick={onClose}>
              Keep Editing
            </button>
          </div>
        </div>
      )}
      {state.phase === 'failed' && (
        <div className="stack" role="alert" data-testid="editor-save-failed">
          <p className="editor-sheet__title">Your video could not be saved</p>
          <p className="muted">{state.message}</p>
          <div className="editor-sheet__actions">
            <button type="button" className="btn btn--secondary" onClick={onClose}>
              Close
            </button>
            <button type="button" className="btn btn--primary" onClick={onReset}>
              Try Again
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
