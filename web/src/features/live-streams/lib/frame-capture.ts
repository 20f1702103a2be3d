/** The widest frame sent: plenty for a card, and a JPEG of it stays far below the server's 512 KB. */
const MAX_WIDTH = 640;
const JPEG_QUALITY = 0.75;

/**
 * Grabs frames of the streamer's camera: a muted video element of its own plays the camera's
 * stream (never attached to the page), and each frame is drawn on a canvas and taken as a JPEG.
 */
export class FrameCapture {
  private readonly video: HTMLVideoElement;

  constructor(media: MediaStream) {
    this.video = document.createElement('video');
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.srcObject = media;
    // Autoplay of a muted video is allowed; a refusal only means no frame yet.
    void this.video.play().catch(() => undefined);
  }

  /** Frames come from `track` from now on (a filter replaced the camera's track: viewers see that one). */
  useTrack(track: MediaStreamTrack): void {
    this.video.srcObject = new MediaStream([track]);
    void this.video.play().catch(() => undefined);
  }

  /** The current frame as a JPEG; null while the camera has shown nothing yet. */
  async jpeg(): Promise<Blob | null> {
    const { videoWidth, videoHeight } = this.video;
    if (videoWidth === 0 || videoHeight === 0) return null;
    const scale = Math.min(1, MAX_WIDTH / videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(videoWidth * scale);
    canvas.height = Math.round(videoHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(this.video, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  }

  close(): void {
    this.video.pause();
    this.video.srcObject = null;
  }
}
