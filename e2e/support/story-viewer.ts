import type { Locator, Page } from 'playwright-core';

/** The story viewer's progress bars as shown: each segment's state, and the active one's percent. */
export interface StoryProgress {
  states: string[];
  /** The active segment's data-progress (0-100), or null when none is active. */
  active: number | null;
}

export function readStoryProgress(page: Page): Promise<StoryProgress> {
  return page.getByTestId('story-viewer').evaluate((viewer) => {
    const segments = [...viewer.querySelectorAll<HTMLElement>('[data-testid="story-progress-segment"]')];
    const active = segments.find((s) => s.dataset.state === 'active');
    return {
      states: segments.map((s) => s.dataset.state ?? ''),
      active: active ? Number(active.dataset.progress) : null,
    };
  });
}

/** Where to put the mouse to hover the story (its middle) and to leave it (beside the card, half way). */
export async function storyHoverPoints(
  media: Locator,
): Promise<{ inside: { x: number; y: number }; outside: { x: number; y: number } }> {
  const box = await media.boundingBox();
  if (!box) throw new Error('the story is not on screen');
  if (box.x < 40)
    throw new Error(`the story fills the width (x=${box.x}): no room beside it to leave it with the mouse`);
  return {
    inside: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    outside: { x: box.x / 2, y: box.y + box.height / 2 },
  };
}
