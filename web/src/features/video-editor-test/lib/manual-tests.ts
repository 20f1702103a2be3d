/**
 * The editor's five manual tests, each with what to do and what should happen,
 * so whoever runs them on a device knows when to press Pass and when Fail.
 */
export interface ManualTest {
  id: string;
  name: string;
  steps: string;
  expected: string;
}

export const MANUAL_TESTS: readonly ManualTest[] = [
  {
    id: 'camera-access',
    name: 'Camera access',
    steps: "Launch the editor, switch to camera mode and answer the browser's camera prompt.",
    expected:
      'Allowing shows the live camera preview. Denying shows "Camera access denied. Please allow camera permissions to use face filters." instead of a blank screen.',
  },
  {
    id: 'camera-switch',
    name: 'Camera switch',
    steps: "On a device with more than one camera (a phone's front and back), switch cameras in camera mode.",
    expected: 'The preview moves to the other camera within a second or two and effects stay applied.',
  },
  {
    id: 'face-filters',
    name: 'Face filters',
    steps:
      'In the Face tab pick a few filters (Dog Ears, Cat Face, Sparkles) with your face in view, then move and turn your head.',
    expected: 'Each overlay sits on your face and follows it; with no face in view, no overlay shows.',
  },
  {
    id: 'video-playback',
    name: 'Video playback',
    steps: 'In playback mode open one of your videos or a local file; play, pause, mute and drag the timeline.',
    expected: 'The video plays with sound, pauses and mutes on demand, and the timeline moves in 0.1 s steps.',
  },
  {
    id: 'filter-effects',
    name: 'Filter effects',
    steps: 'In the Color tab try several filters (Vintage, B&W, Neon) during playback and in camera mode.',
    expected:
      'The picture changes as soon as a filter is picked, without stutter; Original brings back the untouched picture.',
  },
];
