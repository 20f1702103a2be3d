import { FACE_FILTERS, type FaceFilterId } from '@myworld/schemas';
import type { FaceDetection } from '../hooks/use-face-detection.ts';
import { FaceFilterIcon } from '../../../components/ui/face-filter-icon.tsx';

interface FaceTabProps {
  value: FaceFilterId;
  onChange: (id: FaceFilterId) => void;
  detection: FaceDetection;
}

/** What the detector is doing, in words: the filter only shows on a face it has found. */
function detectionText({ status, faceFound }: FaceDetection): string {
  if (status === 'loading') return 'Loading face detection…';
  if (status === 'failed') return 'Face detection could not start in this browser.';
  if (status === 'running')
    return faceFound ? 'Face detected' : 'No face detected: the filter shows once a face is in view.';
  return 'Choose a filter: it follows the face in the video.';
}

/** The twelve face filters, drawn on the face the detector finds, and the detector's own readout. */
export function FaceTab({ value, onChange, detection }: FaceTabProps) {
  return (
    <div className="stack">
      <div className="editor-choices" role="group" aria-label="Face filters">
        {FACE_FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={`editor-choice ${value === f.id ? 'is-active' : ''}`}
            aria-pressed={value === f.id}
            data-testid={`face-filter-${f.id}`}
            onClick={() => onChange(f.id)}
          >
            <FaceFilterIcon filter={f.id} className="editor-choice__icon" />
            <span className="editor-choice__label">{f.label}</span>
          </button>
        ))}
      </div>
      <p
        className="editor-hint"
        data-testid="face-detection-status"
        data-status={detection.status}
        data-face={detection.faceFound}
        aria-live="polite"
      >
        {detectionText(detection)}
      </p>
      <p
        className="editor-readout"
        data-testid="face-detection-rate"
        data-rate={detection.rate ?? ''}
        data-ms={detection.detectMs ?? ''}
        data-backend={detection.backend ?? ''}
      >
        Face detection: {detection.rate === null ? '–' : `${detection.rate.toFixed(1)} fps`}
        {detection.detectMs === null ? '' : ` · ${Math.round(detection.detectMs)} ms`}
        {detection.backend ? ` · ${detection.backend}` : ''}
      </p>
    </div>
  );
}
