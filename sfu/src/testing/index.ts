// @myworld/sfu/testing: synthetic media for tests and benchmarks.
export {
  SYNTHETIC_VP8_PAYLOAD_TYPE,
  packetIndex,
  syntheticVp8RtpParameters,
  syntheticVp8Stream,
  type SyntheticVp8Stream,
} from './synthetic-rtp.ts';
export { openUdpSink, type UdpSink } from './udp-sink.ts';
export { plainBroadcaster, plainViewer, type PlainBroadcaster, type PlainViewer } from './plain-peers.ts';
