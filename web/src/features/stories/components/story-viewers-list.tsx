import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useStoryViewers } from '../api/get-story-viewers.ts';
import { STORY_LABELS } from '../lib/labels.ts';
import { StoryAvatar } from './story-avatar.tsx';

/** Who viewed the author's own story, newest first. */
export function StoryViewersList({ storyId }: { storyId: string }) {
  const viewers = useStoryViewers(storyId);
  return (
    <section className="story-viewers" data-testid="story-viewers-list" aria-label={STORY_LABELS.viewers}>
      <h3 className="story-viewers__title">{STORY_LABELS.viewers}</h3>
      {viewers.isPending ? (
        <span className="spinner story-viewers__spinner" role="progressbar" aria-label="Loading" />
      ) : viewers.isError ? (
        <p className="story-viewers__status">{STORY_LABELS.viewersFailed}</p>
      ) : viewers.data.length === 0 ? (
        <p className="story-viewers__status">{STORY_LABELS.noViewers}</p>
      ) : (
        <ul className="story-viewers__list">
          {viewers.data.map((v) => (
            <li key={v.userId} className="story-viewers__item" data-testid="story-viewer-item">
              <StoryAvatar user={v} className="story-viewers__avatar" />
              <span className="story-viewers__name">{v.firstName.trim() || v.username}</span>
              <time className="story-viewers__time" dateTime={v.viewedAt}>
                {formatRelativeTime(v.viewedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
