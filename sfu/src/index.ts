// @myworld/sfu: live-stream media forwarding on mediasoup. The gateway uses Sfu; see README.md.
// Test and benchmark helpers (synthetic RTP, UDP sinks): '@myworld/sfu/testing'.
export { Sfu } from './sfu.ts';
export { sfuConfigFromEnv, sfuConfigSchema, type SfuConfig, type SfuOptions } from './config.ts';
export { SfuError, type SfuErrorCode, type SfuLimit } from './errors.ts';
export { mediaCodecs } from './media-codecs.ts';
export type * from './types.ts';
export { CrossInstanceMedia, type CrossInstanceOptions } from './cluster/cross-instance-media.ts';
export type { PipeAddress, PipedProducer } from './pipe-end.ts';
