import { EDITOR_MESSAGES } from '@myworld/schemas';

/** The camera at an ideal 1280x720 and 30 frames a second, with the microphone. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 }, facingMode: 'user' },
  audio: true,
};

export const isPermissionDenied = (error: unknown) =>
  error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');

/**
 * Opens the camera and microphone; a device without a microphone still gets the camera alone.
 * A refusal is left to the caller (it shows cameraErrorMessage's text).
 */
export async function openCamera(devices: Pick<MediaDevices, 'getUserMedia'> | undefined): Promise<MediaStream> {
  if (!devices?.getUserMedia) throw new Error('This browser cannot use a camera');
  try {
    return await devices.getUserMedia(CAMERA_CONSTRAINTS);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError')
      return devices.getUserMedia({ video: CAMERA_CONSTRAINTS.video });
    throw error;
  }
}

/** What the editor says when the camera cannot start: EDITOR_MESSAGES.cameraDenied for a refusal. */
export function cameraErrorMessage(error: unknown): string {
  if (isPermissionDenied(error)) return EDITOR_MESSAGES.cameraDenied;
  if (error instanceof DOMException && error.name === 'NotFoundError') return 'No camera was found on this device.';
  if (error instanceof DOMException && error.name === 'NotReadableError') return 'The camera is in use by another app.';
  return 'The camera could not be started.';
}
