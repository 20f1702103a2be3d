import { useId, useState, type FormEvent } from 'react';
import {
  POST_MESSAGES,
  VIDEO_CATEGORIES,
  VIDEO_DESCRIPTION_MAX,
  type VideoCategory,
  type VideoPostBody,
} from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSlots } from '../../../lib/slots.tsx';
import { videoCategoryLabel } from '../../../lib/labels.ts';

interface VideoFormProps {
  publishing: boolean;
  onPublish: (body: VideoPostBody) => void;
}

/**
 * The short video to publish: the file (uploaded at once, with progress, by the media feature's
 * uploader), a description of at most 200 characters and a category.
 */
export function VideoForm({ publishing, onPublish }: VideoFormProps) {
  const { Uploader } = useSlots();
  const descriptionId = useId();
  const categoryId = useId();
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<VideoCategory>('none');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!videoUrl || publishing) return;
    onPublish({ videoUrl, description, category });
  }

  return (
    <form className="posting-form" onSubmit={submit}>
      <div className="posting-field video-pick">
        <Uploader
          purpose="video"
          label={videoUrl ? 'Choose Another Video' : 'Select Video'}
          note={POST_MESSAGES.videoHint}
          testId="video-upload"
          disabled={publishing}
          onUploaded={({ uploadURL }) => {
            // The upload address itself is what POST /api/videos takes.
            setVideoUrl(uploadURL);
            toast({ title: POST_MESSAGES.videoUploaded });
          }}
        />
        <p className="muted video-pick__hint" data-testid="video-hint">
          {videoUrl ? POST_MESSAGES.videoUploaded : POST_MESSAGES.videoHint}
        </p>
      </div>
      <div className="posting-field">
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
          data-testid="video-description-input"
        />
        <p className="posting-counter" data-testid="video-char-counter" aria-live="polite">
          {description.length}/{VIDEO_DESCRIPTION_MAX}
        </p>
      </div>
      <div className="posting-field">
        <label htmlFor={categoryId} className="field__label">
          Category
        </label>
        <select
          id={categoryId}
          className="input select"
          value={category}
          onChange={(e) => setCategory(e.target.value as VideoCategory)}
          data-testid="video-category-select"
        >
          {VIDEO_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {videoCategoryLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block btn--large"
        disabled={!videoUrl || publishing}
        data-testid="publish-video-button"
      >
        {publishing ? 'Publishing...' : 'Publish Video'}
      </button>
    </form>
  );
}
