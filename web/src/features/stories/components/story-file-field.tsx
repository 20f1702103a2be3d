import { useId, type ChangeEvent } from 'react';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import { STORY_LABELS } from '../lib/labels.ts';
import { fileProblem } from '../lib/story-draft.ts';

interface StoryFileFieldProps {
  mediaType: 'image' | 'video';
  file: File | null;
  onChange: (file: File | null) => void;
}

/**
 * The photo (image/* only) or video (video/* only) of a story, with a preview. A file of the
 * wrong kind or over the size limit is refused at once with a toast.
 */
export function StoryFileField({ mediaType, file, onChange }: StoryFileFieldProps) {
  const id = useId();
  const preview = useObjectUrl(file);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    const problem = chosen && fileProblem(mediaType, chosen);
    if (problem) {
      toast(problem);
      e.target.value = ''; // so choosing the same file again still reports it
      onChange(null);
      return;
    }
    onChange(chosen);
  }

  return (
    <div className="story-field">
      <label htmlFor={id} className="field__label">
        {mediaType === 'image' ? STORY_LABELS.chooseImage : STORY_LABELS.chooseVideo}
      </label>
      <input
        id={id}
        type="file"
        className="story-field__file"
        accept={`${mediaType}/*`}
        onChange={choose}
        data-testid="story-file-input"
      />
      <p className="field__hint">{mediaType === 'image' ? STORY_LABELS.imageHint : STORY_LABELS.videoHint}</p>
      {preview && (
        <div className="story-field__preview" data-testid="story-file-preview">
          {mediaType === 'image' ? <img src={preview} alt="" /> : <video src={preview} muted playsInline controls />}
        </div>
      )}
    </div>
  );
}
