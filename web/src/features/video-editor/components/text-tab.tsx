import { useId, useState, type FormEvent } from 'react';
import { TEXT_OVERLAY_MAX, TEXT_OVERLAY_SIZE_RANGE } from '@myworld/schemas';
import { checkOverlayText, DEFAULT_TEXT_STYLE, type TextStyle } from '../lib/overlays.ts';

/** A text overlay: its words (never blank), size (24 to start), colour and weight. */
export function TextTab({ onAdd }: { onAdd: (text: string, style: TextStyle) => void }) {
  const ids = { text: useId(), size: useId(), color: useId() };
  const [text, setText] = useState('');
  const [style, setStyle] = useState<TextStyle>(DEFAULT_TEXT_STYLE);
  const check = checkOverlayText(text);

  function add(e: FormEvent) {
    e.preventDefault();
    if (!check.ok) return;
    onAdd(check.text, style);
    setText('');
  }

  return (
    <form className="editor-text-form" onSubmit={add}>
      <label htmlFor={ids.text} className="visually-hidden">
        Text
      </label>
      <input
        id={ids.text}
        className="input"
        placeholder="Add text..."
        value={text}
        maxLength={TEXT_OVERLAY_MAX}
        onChange={(e) => setText(e.target.value)}
        data-testid="text-overlay-input"
      />
      <div className="editor-text-form__row">
        <label htmlFor={ids.size} className="editor-field">
          <span>Size</span>
          <input
            id={ids.size}
            type="number"
            className="input editor-field__number"
            min={TEXT_OVERLAY_SIZE_RANGE.min}
            max={TEXT_OVERLAY_SIZE_RANGE.max}
            value={style.fontSize}
            onChange={(e) => {
              const size = Math.round(Number(e.target.value));
              if (size >= TEXT_OVERLAY_SIZE_RANGE.min && size <= TEXT_OVERLAY_SIZE_RANGE.max)
                setStyle((s) => ({ ...s, fontSize: size }));
            }}
            data-testid="text-overlay-size"
          />
        </label>
        <label htmlFor={ids.color} className="editor-field">
          <span>Colour</span>
          <input
            id={ids.color}
            type="color"
            className="editor-field__color"
            value={style.color}
            onChange={(e) => setStyle((s) => ({ ...s, color: e.target.value }))}
            data-testid="text-overlay-color"
          />
        </label>
        <div className="editor-field" role="group" aria-label="Weight">
          {(['normal', 'bold'] as const).map((weight) => (
            <button
              key={weight}
              type="button"
              className={`chip ${style.fontWeight === weight ? 'is-active' : ''}`}
              style={{ fontWeight: weight }}
              aria-pressed={style.fontWeight === weight}
              onClick={() => setStyle((s) => ({ ...s, fontWeight: weight }))}
              data-testid={`text-overlay-weight-${weight}`}
            >
              {weight === 'bold' ? 'Bold' : 'Normal'}
            </button>
          ))}
        </div>
      </div>
      <button type="submit" className="btn btn--primary btn--small" disabled={!check.ok} data-testid="text-overlay-add">
        Add Text
      </button>
      <p className="editor-hint">{check.ok ? 'Drag a text to move it; tap it to remove it.' : check.message}</p>
    </form>
  );
}
