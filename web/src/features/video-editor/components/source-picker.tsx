import { useEffect, useId, useRef } from 'react';
import type { ProfileVideo } from '@myworld/schemas';
import { VideoIcon } from '../../../components/ui/icons.tsx';
import { useProfileVideos } from '../../../lib/profile-reads.ts';

export interface EditorSource {
  readonly url: string;
  readonly label: string;
  /** Known length in seconds, where the file may not say (a camera take). */
  readonly duration: number | null;
  /** A blob: address this page made, to let go of when replaced. */
  readonly local: boolean;
}

/** Only finished videos can be edited: they have their MP4. */
const editable = (v: ProfileVideo): v is ProfileVideo & { videoUrl: string } =>
  v.status === 'published' && v.videoUrl !== null;

const sourceOf = (v: ProfileVideo & { videoUrl: string }): EditorSource => ({
  url: v.videoUrl,
  label: v.description || 'Your video',
  duration: null,
  local: false,
});

/**
 * What to edit in playback mode: one of the user's own uploaded videos, or a file from this device.
 * `preselect` (a video's id, from a video's "Edit in video editor") picks that video once it is listed.
 */
export function SourcePicker({
  userId,
  onPick,
  preselect = null,
}: {
  userId: string;
  onPick: (source: EditorSource) => void;
  preselect?: string | null;
}) {
  const fileId = useId();
  // The profile grid's read and cache entry: a new video shows in both.
  const videos = useProfileVideos(userId);
  const own = (videos.data?.pages ?? []).flatMap((p) => p.items).filter(editable);
  const preselected = preselect ? own.find((v) => v.id === preselect) : undefined;
  const picked = useRef(false);
  useEffect(() => {
    if (!preselected || picked.current) return;
    picked.current = true;
    onPick(sourceOf(preselected));
  }, [preselected, onPick]);

  return (
    <section className="editor-source" data-testid="editor-source-picker" aria-label="Choose a video">
      <h2 className="editor-source__title">Choose a video to edit</h2>
      <label htmlFor={fileId} className="btn btn--primary">
        Choose from device
      </label>
      <input
        id={fileId}
        type="file"
        accept="video/*"
        className="visually-hidden"
        data-testid="editor-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onPick({ url: URL.createObjectURL(file), label: file.name, duration: null, local: true });
          e.target.value = '';
        }}
      />
      <h3 className="editor-source__subtitle">Your videos</h3>
      {videos.isLoading && <span className="spinner" aria-label="Loading your videos" />}
      {videos.isError && <p className="muted">Your videos could not be loaded.</p>}
      {videos.isSuccess && own.length === 0 && (
        <p className="muted">No uploaded videos yet: choose one from your device, or record one in Camera mode.</p>
      )}
      <ul className="editor-source__grid">
        {own.map((v) => (
          <li key={v.id}>
            <button
              type="button"
              className="editor-source__item"
              onClick={() => onPick(sourceOf(v))}
              data-testid="editor-own-video"
            >
              {v.thumbnailUrl ? <img src={v.thumbnailUrl} alt="" /> : <VideoIcon />}
              <span className="editor-source__caption">{v.description || 'Untitled video'}</span>
            </button>
          </li>
        ))}
      </ul>
      {videos.hasNextPage && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => void videos.fetchNextPage()}
          disabled={videos.isFetchingNextPage}
        >
          {videos.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </section>
  );
}
