import { useEffect, useRef, type ReactNode } from 'react';
import type { FaceFilterId } from '@myworld/schemas';
import type { CameraState } from '../lib/camera.ts';
import { STREAM_VIDEO_FILTERS } from '../lib/video-filters.ts';
import { FaceFilterIcon } from '../../../components/ui/face-filter-icon.tsx';

export const CAMERA_DENIED_NOTICE =
  'Camera access denied. Please check your browser settings and allow camera access for this site.';

interface CameraPreviewProps {
  camera: CameraState;
  filterIndex: number;
  /** The face filter chosen, shown over the preview; null for none. */
  faceFilter: FaceFilterId | null;
  onEnable: () => void;
  onSwitch: () => void;
  onCycleFilter: () => void;
  onToggleAudio: () => void;
  onToggleVideo: () => void;
  /** Go Live or End Stream. */
  action: ReactNode;
  badges?: ReactNode;
  /**
   * The controls' place: over the video (alone), or after it as a sibling (a duet, whose half-width
   * tile has no room for five buttons: the page lays them under both tiles).
   */
  controls?: 'over' | 'after';
}

/**
 * The broadcaster's preview on /go-live: the camera (mirrored when it faces the user) with the
 * stream video filter applied, front/back and filter badges, the camera switch (more than one
 * camera only), the filter cycle, audio and video mute; "Camera Setup" while there is no camera.
 */
export function CameraPreview(props: CameraPreviewProps) {
  const { camera } = props;
  const video = useRef<HTMLVideoElement>(null);
  const filter = STREAM_VIDEO_FILTERS[props.filterIndex]!;
  useEffect(() => {
    if (video.current && video.current.srcObject !== camera.media) video.current.srcObject = camera.media;
  }, [camera.media]);

  if (camera.status !== 'ready' || !camera.media) {
    return (
      <div className="camera-preview" data-testid="camera-preview">
        <div className="camera-setup" data-testid="camera-setup">
          <h2 className="camera-setup__title">Camera Setup</h2>
          <p className="muted">Enable your camera to preview your stream.</p>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="enable-camera"
            disabled={camera.status === 'requesting'}
            onClick={props.onEnable}
          >
            {camera.status === 'requesting' ? 'Enabling...' : 'Enable Camera'}
          </button>
          {camera.status === 'denied' && (
            <p className="camera-setup__notice" role="alert" data-testid="camera-denied">
              {CAMERA_DENIED_NOTICE}
            </p>
          )}
          {props.action}
        </div>
      </div>
    );
  }

  const controls = (
    <div className={`camera-preview__controls camera-preview__controls--${props.controls ?? 'over'}`}>
      {camera.cameras.length > 1 && (
        <button
          type="button"
          className="round-button"
          aria-label="Switch camera"
          data-testid="switch-camera"
          disabled={camera.switching}
          onClick={props.onSwitch}
        >
          ⟲
        </button>
      )}
      <button
        type="button"
        className="round-button"
        aria-label="Next filter"
        data-testid="cycle-filter"
        onClick={props.onCycleFilter}
      >
        FX
      </button>
      <button
        type="button"
        className="round-button"
        aria-label={camera.audioMuted ? 'Unmute microphone' : 'Mute microphone'}
        aria-pressed={camera.audioMuted}
        data-testid="toggle-audio"
        onClick={props.onToggleAudio}
      >
        {camera.audioMuted ? 'Mic off' : 'Mic'}
      </button>
      <button
        type="button"
        className="round-button"
        aria-label={camera.videoMuted ? 'Turn camera on' : 'Turn camera off'}
        aria-pressed={camera.videoMuted}
        data-testid="toggle-video"
        onClick={props.onToggleVideo}
      >
        {camera.videoMuted ? 'Cam off' : 'Cam'}
      </button>
      {props.action}
    </div>
  );

  const tile = (
    <div className="camera-preview" data-testid="camera-preview">
      <video
        ref={video}
        autoPlay
        playsInline
        muted
        className={camera.facing === 'user' ? 'is-mirrored' : ''}
        style={{ filter: filter.css }}
        data-testid="camera-video"
        data-filter={filter.id}
      />
      {props.faceFilter && <FaceFilterIcon filter={props.faceFilter} className="camera-preview__face" />}
      <div className="camera-preview__badges">
        {props.badges}
        <span className="badge" data-testid="facing-badge">
          {camera.facing === 'user' ? 'Front' : 'Back'}
        </span>
        <span className="badge" data-testid="filter-badge">
          {filter.label}
        </span>
      </div>
      {props.controls !== 'after' && controls}
    </div>
  );
  return props.controls === 'after' ? (
    <>
      {tile}
      {controls}
    </>
  ) : (
    tile
  );
}
