/**
 * The playback video's sound, routed through Web Audio so that it can be both heard and recorded:
 * the speakers get it through a gain the mute button sets, and the recording gets it untouched
 * (muting the preview never silences the saved video). An element can be routed only once, so
 * the router is made on the first click that needs sound (play or save: browsers start audio only
 * after a gesture) and kept for as long as its element (see `elementAudio`).
 */
export class ElementAudio {
  readonly #context: AudioContext;
  readonly #speakers: GainNode;
  readonly #recording: MediaStreamAudioDestinationNode;

  constructor(element: HTMLMediaElement) {
    this.#context = new AudioContext();
    const source = this.#context.createMediaElementSource(element);
    this.#speakers = this.#context.createGain();
    this.#recording = this.#context.createMediaStreamDestination();
    source.connect(this.#speakers).connect(this.#context.destination);
    source.connect(this.#recording);
  }

  /** Called from the play and save clicks, which may start the audio. */
  resume(): Promise<void> {
    return this.#context.state === 'suspended' ? this.#context.resume() : Promise.resolve();
  }

  setMuted(muted: boolean): void {
    this.#speakers.gain.value = muted ? 0 : 1;
  }

  /** The sound as a track to mix into the recording. */
  track(): MediaStreamTrack | null {
    return this.#recording.stream.getAudioTracks()[0] ?? null;
  }

  close(): void {
    void this.#context.close();
  }
}

const routed = new WeakMap<HTMLMediaElement, ElementAudio>();

/** The element's sound router, made on first use (null where the browser has no Web Audio). */
export function elementAudio(element: HTMLMediaElement): ElementAudio | null {
  if (typeof AudioContext === 'undefined') return null;
  let audio = routed.get(element);
  if (!audio) {
    audio = new ElementAudio(element);
    routed.set(element, audio);
  }
  return audio;
}

/** The element's router if one was made (muting before the first play has nothing to route yet). */
export function routedAudio(element: HTMLMediaElement): ElementAudio | null {
  return routed.get(element) ?? null;
}

/** Lets the element's router go with the page (a later use would route it afresh). */
export function releaseElementAudio(element: HTMLMediaElement): void {
  routed.get(element)?.close();
  routed.delete(element);
}
