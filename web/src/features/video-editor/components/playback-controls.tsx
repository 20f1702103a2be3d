import { useId } from 'react';
import { MutedIcon, PauseIcon, PlayIcon, SoundIcon } from './editor-icons.tsx';

interface PlaybackControlsProps {
  playing: boolean;
  muted: boolean;
  currentTime: number;
  duration: number;
  disabled: boolean;
  onPlayPause: () => void;
  onMute: () => void;
  onSeek: (seconds: number) => void;
  /** Camera mode shows the take's elapsed time on the timeline, which cannot be moved then. */
  seekable: boolean;
}

const seconds = (s: number) => `${(Math.round(s * 10) / 10).toFixed(1)} s`;

/** Play/pause, mute and the timeline (a tenth of a second a step). */
export function PlaybackControls({
  playing,
  muted,
  currentTime,
  duration,
  disabled,
  onPlayPause,
  onMute,
  onSeek,
  seekable,
}: PlaybackControlsProps) {
  const timelineId = useId();
  return (
    <div className="editor-controls">
      <button
        type="button"
        className="editor-icon-button"
        onClick={onPlayPause}
        disabled={disabled}
        aria-label={playing ? 'Pause' : 'Play'}
        data-testid="editor-play-pause"
        data-state={playing ? 'playing' : 'paused'}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <button
        type="button"
        className="editor-icon-button"
        onClick={onMute}
        disabled={disabled}
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        data-testid="editor-mute"
        data-state={muted ? 'muted' : 'unmuted'}
      >
        {muted ? <MutedIcon /> : <SoundIcon />}
      </button>
      <label htmlFor={timelineId} className="visually-hidden">
        Timeline
      </label>
      <input
        id={timelineId}
        type="range"
        className="editor-timeline"
        min={0}
        max={Math.max(0.1, Math.round(duration * 10) / 10)}
        step={0.1}
        value={Math.round(currentTime * 10) / 10}
        disabled={disabled || !seekable}
        onChange={(e) => onSeek(Number(e.target.value))}
        data-testid="editor-timeline"
      />
      <span className="editor-time" data-testid="editor-time">
        {seconds(currentTime)} / {seconds(duration)}
      </span>
    </div>
  );
}
