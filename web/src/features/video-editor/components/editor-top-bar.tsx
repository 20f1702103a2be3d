import { Link } from 'wouter';
import { BackIcon } from '../../../components/ui/icons.tsx';

export type EditorMode = 'playback' | 'camera';

interface EditorTopBarProps {
  mode: EditorMode;
  onMode: (mode: EditorMode) => void;
  canSave: boolean;
  onSave: () => void;
  busy: boolean;
}

/** Back to the creation hub, the two modes, and Save. */
export function EditorTopBar({ mode, onMode, canSave, onSave, busy }: EditorTopBarProps) {
  return (
    <header className="editor-top">
      <Link href="/upload" className="editor-icon-button" aria-label="Back" data-testid="editor-back">
        <BackIcon />
      </Link>
      <div className="editor-modes" role="group" aria-label="Mode">
        {(['playback', 'camera'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`editor-mode ${mode === m ? 'is-active' : ''}`}
            aria-pressed={mode === m}
            disabled={busy}
            onClick={() => onMode(m)}
            data-testid={`editor-mode-${m}`}
          >
            {m === 'playback' ? 'Playback' : 'Camera'}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="btn btn--primary btn--small"
        disabled={!canSave || busy}
        onClick={onSave}
        data-testid="editor-save-button"
      >
        Save
      </button>
    </header>
  );
}
