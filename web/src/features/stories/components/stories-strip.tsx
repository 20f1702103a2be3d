import { useCallback, useMemo, useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useStories } from '../api/get-stories.ts';
import { groupStories } from '../lib/group-stories.ts';
import { useSeenStories } from '../lib/seen-stories.ts';
import { AddStoryTile } from './add-story-tile.tsx';
import { CreateStoryModal } from './create-story-modal.tsx';
import { StoryEntry } from './story-entry.tsx';
import { StoryViewer } from './story-viewer.tsx';
import './stories.css';

/**
 * Home's stories strip (the StoriesStrip slot), for signed-in users only: the user's own tile
 * (their entry with a plus when they have stories, else the add-story tile), then one entry per
 * other author. An entry opens the viewer at that author's stories; the tile opens
 * the create dialog. A failed read leaves just the tile: stories are not worth an error on Home.
 */
export function StoriesStrip() {
  const { user } = useCurrentUser();
  const stories = useStories(user !== null);
  const seen = useSeenStories();
  const groups = useMemo(() => groupStories(stories.data ?? [], user?.id ?? null), [stories.data, user?.id]);
  const [openGroup, setOpenGroup] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const closeViewer = useCallback(() => setOpenGroup(null), []);
  const closeCreate = useCallback(() => setCreating(false), []);
  if (!user) return null;
  const hasOwn = groups[0]?.userId === user.id;

  return (
    <section className="stories-strip" aria-label="Stories" data-testid="stories-strip">
      <ul className="stories-strip__list">
        <li className="stories-strip__own">
          {hasOwn && (
            <StoryEntry
              group={groups[0]!}
              seen={groups[0]!.stories.every((s) => seen.has(s.id))}
              onOpen={() => setOpenGroup(0)}
            />
          )}
          <AddStoryTile user={user} onOwnEntry={hasOwn} onClick={() => setCreating(true)} />
        </li>
        {groups.map((group, i) =>
          hasOwn && i === 0 ? null : (
            <li key={group.userId}>
              <StoryEntry
                group={group}
                seen={group.stories.every((s) => seen.has(s.id))}
                onOpen={() => setOpenGroup(i)}
              />
            </li>
          ),
        )}
      </ul>
      {openGroup !== null && (
        <StoryViewer groups={groups} startGroup={openGroup} ownUserId={user.id} onClose={closeViewer} />
      )}
      {creating && <CreateStoryModal onClose={closeCreate} />}
    </section>
  );
}
