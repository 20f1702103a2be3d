import { useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { CREATE_OPTIONS, type DemoPostKind } from '../lib/demo-post.ts';
import type { DemoPost } from '../lib/sample-data.ts';
import { DemoComposer } from './demo-composer.tsx';

interface DemoCreateSheetProps {
  /** The id the next demo post gets. */
  nextId: string;
  onPost: (post: DemoPost) => void;
  onClose: () => void;
}

/** The create sheet: Text, Photo/Video or Go Live, then that kind's composer. */
export function DemoCreateSheet({ nextId, onPost, onClose }: DemoCreateSheetProps) {
  const [kind, setKind] = useState<DemoPostKind | null>(null);
  const option = CREATE_OPTIONS.find((o) => o.kind === kind);
  return (
    <Modal title={option ? option.label : 'Create'} onClose={onClose} testId="demo-create-sheet">
      {option ? (
        <DemoComposer key={option.kind} kind={option.kind} id={nextId} onPost={onPost} onBack={() => setKind(null)} />
      ) : (
        <ul className="demo-create-options">
          {CREATE_OPTIONS.map((o) => (
            <li key={o.kind}>
              <button
                type="button"
                className={`demo-create-option demo-create-option--${o.kind}`}
                onClick={() => setKind(o.kind)}
              >
                <span className="demo-create-option__label">{o.label}</span>
                <span className="demo-create-option__hint">{o.hint}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
