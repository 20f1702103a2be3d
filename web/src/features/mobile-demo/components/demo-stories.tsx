import { useState } from 'react';
import type { DemoStory } from '../lib/sample-data.ts';
import { DemoArt, DemoAvatar } from './demo-art.tsx';

/** The stories row; a story opens full screen until tapped, then its ring turns grey (seen). */
export function DemoStories({ stories }: { stories: DemoStory[] }) {
  const [open, setOpen] = useState<DemoStory | null>(null);
  const [seen, setSeen] = useState<ReadonlySet<string>>(new Set());

  function show(story: DemoStory) {
    setOpen(story);
    setSeen((s) => new Set(s).add(story.id));
  }

  return (
    <section className="demo-stories" aria-label="Stories" data-testid="demo-stories">
      <ul className="demo-stories__list">
        {stories.map((story) => (
          <li key={story.id}>
            <button
              type="button"
              className="demo-story"
              onClick={() => show(story)}
              aria-label={`Story by ${story.author.name}`}
            >
              <span className={`demo-story__ring ${seen.has(story.id) ? 'is-seen' : ''}`}>
                <DemoAvatar name={story.author.name} color={story.author.profileColor} className="demo-avatar--story" />
              </span>
              <span className="demo-story__name">{story.author.username}</span>
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <div
          className="demo-story-view"
          role="dialog"
          aria-label={`Story by ${open.author.name}`}
          data-testid="demo-story-view"
        >
          <DemoArt art={open.art} className="demo-story-view__art" />
          <header className="demo-story-view__header">
            <DemoAvatar name={open.author.name} color={open.author.profileColor} />
            <span className="demo-story-view__name">{open.author.username}</span>
            <button
              type="button"
              className="icon-button demo-story-view__close"
              aria-label="Close story"
              onClick={() => setOpen(null)}
            >
              ×
            </button>
          </header>
          <p className="demo-story-view__caption">{open.caption}</p>
        </div>
      )}
    </section>
  );
}
