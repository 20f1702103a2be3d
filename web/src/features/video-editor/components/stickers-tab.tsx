import { STICKERS } from '@myworld/schemas';

/** The six stickers; each tap adds one to the video. */
export function StickersTab({ onAdd }: { onAdd: (emoji: string) => void }) {
  return (
    <div className="stack">
      <div className="editor-choices" role="group" aria-label="Stickers">
        {STICKERS.map((s) => (
          <button
            key={s.id}
            type="button"
            className="editor-choice"
            aria-label={`Add ${s.label} sticker`}
            data-testid={`sticker-${s.id}`}
            onClick={() => onAdd(s.emoji)}
          >
            <span className="editor-choice__emoji editor-choice__emoji--large" aria-hidden="true">
              {s.emoji}
            </span>
            <span className="editor-choice__label">{s.label}</span>
          </button>
        ))}
      </div>
      <p className="editor-hint">Drag a sticker to move it; tap it to remove it.</p>
    </div>
  );
}
