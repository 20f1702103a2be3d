import type { types } from 'mediasoup';

/**
 * Codecs every live-stream router offers. Opus and VP8 are decoded by every browser; H264
 * (constrained baseline, packetization-mode 1) is optional for Safari and hardware encoders.
 */
export function mediaCodecs({ enableH264 }: { enableH264: boolean }): types.RouterRtpCodecCapability[] {
  const codecs: types.RouterRtpCodecCapability[] = [
    { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
    { kind: 'video', mimeType: 'video/VP8', clockRate: 90000, parameters: { 'x-google-start-bitrate': 1000 } },
  ];
  if (enableH264) {
    codecs.push({
      kind: 'video',
      mimeType: 'video/H264',
      clockRate: 90000,
      parameters: { 'packetization-mode': 1, 'profile-level-id': '42e01f', 'level-asymmetry-allowed': 1 },
    });
  }
  return codecs;
}
