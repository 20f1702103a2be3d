import { describe, expect, it, vi } from 'vitest';
import { cameraErrorMessage, openCamera } from './open-camera.ts';

const refusal = (name: string) => new DOMException('refused', name);

describe('opening the camera', () => {
  it('a denied camera shows EDITOR_MESSAGES.cameraDenied', () => {
    expect(cameraErrorMessage(refusal('NotAllowedError'))).toBe(
      'Camera access denied. Please allow camera permissions to use face filters.',
    );
    expect(cameraErrorMessage(refusal('SecurityError'))).toBe(
      'Camera access denied. Please allow camera permissions to use face filters.',
    );
  });

  it('other failures say what went wrong', () => {
    expect(cameraErrorMessage(refusal('NotFoundError'))).toBe('No camera was found on this device.');
    expect(cameraErrorMessage(new Error('boom'))).toBe('The camera could not be started.');
  });

  it('asks for 1280x720 at 30 fps with sound, and falls back to the camera alone without a microphone', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn().mockRejectedValueOnce(refusal('NotFoundError')).mockResolvedValueOnce(stream);
    await expect(openCamera({ getUserMedia })).resolves.toBe(stream);
    expect(getUserMedia.mock.calls[0]![0]).toMatchObject({
      audio: true,
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
    });
    expect(getUserMedia.mock.calls[1]![0]).not.toHaveProperty('audio');
  });

  it('passes a refusal on', async () => {
    await expect(
      openCamera({ getUserMedia: vi.fn().mockRejectedValue(refusal('NotAllowedError')) }),
    ).rejects.toMatchObject({ name: 'NotAllowedError' });
  });
});
