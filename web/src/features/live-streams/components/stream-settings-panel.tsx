import { useId } from 'react';
import { LIVE_STREAM_CATEGORIES, type FaceFilterId, type LiveStreamCategory } from '@myworld/schemas';
import { SwitchRow } from '../../../components/ui/switch.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { CameraState, Facing } from '../lib/camera.ts';
import { capitalize } from '../lib/format.ts';
import { GO_LIVE_FACE_FILTERS } from '../lib/video-filters.ts';
import { FaceFilterIcon } from '../../../components/ui/face-filter-icon.tsx';

export interface StreamForm {
  title: string;
  description: string;
  category: LiveStreamCategory;
  allowDuets: boolean;
  /** "Schedule for later": the stream is listed under Upcoming Streams instead of going live. */
  scheduleLater: boolean;
  /** The datetime-local "Start time" (the browser's local time). */
  scheduledFor: string;
}

interface Props {
  form: StreamForm;
  onChange: (form: StreamForm) => void;
  camera: CameraState;
  onFacing: (facing: Facing) => void;
  faceFilter: FaceFilterId;
  onFaceFilter: (id: FaceFilterId) => void;
  /** Offered when starting a new stream (not when starting a scheduled one). */
  canSchedule: boolean;
}

/** The settings panel on /go-live before going live. */
export function StreamSettingsPanel({
  form,
  onChange,
  camera,
  onFacing,
  faceFilter,
  onFaceFilter,
  canSchedule,
}: Props) {
  const descriptionId = useId();
  const startTimeId = useId();
  const categoryId = useId();
  const set = <K extends keyof StreamForm>(key: K, value: StreamForm[K]) => onChange({ ...form, [key]: value });
  const oneCamera = camera.cameras.length < 2;
  return (
    <section className="card panel" aria-label="Stream settings" data-testid="stream-settings">
      <h2 className="panel__title">Stream Settings</h2>
      <TextField
        label="Title"
        required
        maxLength={100}
        placeholder="What's your stream about?"
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        data-testid="stream-title"
      />
      <div className="field">
        <label htmlFor={descriptionId} className="field__label">
          Description
        </label>
        <textarea
          id={descriptionId}
          className="input textarea"
          maxLength={500}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          data-testid="stream-description"
        />
      </div>
      <div className="field">
        <label htmlFor={categoryId} className="field__label">
          Category
        </label>
        <select
          id={categoryId}
          className="input select"
          value={form.category}
          onChange={(e) => set('category', e.target.value as LiveStreamCategory)}
          data-testid="stream-category"
        >
          {LIVE_STREAM_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {capitalize(c)}
            </option>
          ))}
        </select>
      </div>
      <SwitchRow
        label="Allow duet requests"
        checked={form.allowDuets}
        onChange={(v) => set('allowDuets', v)}
        testId="allow-duets"
      />
      {canSchedule && (
        <SwitchRow
          label="Schedule for later"
          checked={form.scheduleLater}
          onChange={(v) => set('scheduleLater', v)}
          testId="schedule-later"
        />
      )}
      {canSchedule && form.scheduleLater && (
        <div className="field">
          <label htmlFor={startTimeId} className="field__label">
            Start time
          </label>
          <input
            id={startTimeId}
            type="datetime-local"
            className="input"
            value={form.scheduledFor}
            onChange={(e) => set('scheduledFor', e.target.value)}
            data-testid="scheduled-for"
          />
        </div>
      )}
      <dl className="panel__row">
        <dt>Camera status</dt>
        <dd className={camera.status === 'ready' ? 'status-ready' : 'status-not-ready'} data-testid="camera-status">
          {camera.status === 'ready' ? 'Ready' : 'Not Ready'}
        </dd>
      </dl>
      <div className="button-row">
        <button
          type="button"
          className={`btn btn--small ${camera.facing === 'user' ? 'btn--primary' : 'btn--secondary'}`}
          disabled={oneCamera}
          onClick={() => onFacing('user')}
          data-testid="facing-front"
        >
          Front
        </button>
        <button
          type="button"
          className={`btn btn--small ${camera.facing === 'environment' ? 'btn--primary' : 'btn--secondary'}`}
          disabled={oneCamera}
          onClick={() => onFacing('environment')}
          data-testid="facing-back"
        >
          Back
        </button>
      </div>
      <div className="face-filters" role="group" aria-label="Face filters">
        {GO_LIVE_FACE_FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={`face-filter ${faceFilter === f.id ? 'is-active' : ''}`}
            aria-pressed={faceFilter === f.id}
            onClick={() => onFaceFilter(f.id)}
          >
            <FaceFilterIcon filter={f.id} className="face-filter__icon" />
            <span>{f.label}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
