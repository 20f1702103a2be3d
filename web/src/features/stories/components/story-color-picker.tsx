import { ColorPalette } from '../../../components/ui/color-palette.tsx';
import { STORY_LABELS } from '../lib/labels.ts';
import { STORY_BACKGROUNDS } from '../lib/story-colors.ts';

/** The text story's background swatches, one pressed. */
export function StoryColorPicker({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  return (
    <ColorPalette
      label={STORY_LABELS.background}
      colors={STORY_BACKGROUNDS}
      value={value}
      onChange={onChange}
      testIdPrefix="story-bg-color"
      className="story-field"
    />
  );
}
