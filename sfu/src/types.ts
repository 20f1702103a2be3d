import type { ConsumerParams as ConsumerParamsContract } from '@myworld/schemas';
import type { types } from 'mediasoup';

/** A browser's send transport carries the broadcaster's media; a recv transport a viewer's. */
export type TransportDirection = 'send' | 'recv';

/** What mediasoup-client's device.createSendTransport/createRecvTransport needs (plus your own handlers). */
export type WebRtcTransportParams = {
  id: string;
  iceParameters: types.IceParameters;
  iceCandidates: types.IceCandidate[];
  dtlsParameters: types.DtlsParameters;
};

/** A plain RTP transport for server-side encoders (ffmpeg/GStreamer ingest), tests and benchmarks. */
export type PlainTransportParams = {
  id: string;
  /** Where the SFU receives RTP (and RTCP, muxed) for this transport. */
  ip: string;
  port: number;
};

/** Where a plain transport should send (consumers) or expects RTP from (producers without comedia). */
export type PlainRemote = { ip: string; port: number };

/**
 * One consumer as the browser receives it: the `ConsumerParams` contract of @myworld/schemas (what
 * mediasoup-client's recvTransport.consume needs), with mediasoup's own types for its media fields.
 */
export type ConsumerParams = ConsumerParamsContract & {
  kind: types.MediaKind;
  rtpParameters: types.RtpParameters;
  type: types.ConsumerType;
};

export type ProducerInfo = { producerId: string; peerId: string; kind: types.MediaKind };

export type ProducerAddedEvent = ProducerInfo & { streamId: string };

export type ConsumerClosedEvent = {
  streamId: string;
  /** The viewer that held the consumer: tell its browser to drop the track. */
  peerId: string;
  consumerId: string;
  producerId: string;
};

/** Why a stream's media ended without endStream being called. */
export type StreamLostReason = 'worker-died';

export type SfuEvents = {
  /** A broadcaster produced a track: offer it to the stream's viewers (consumeProducer). */
  producerAdded: [event: ProducerAddedEvent];
  /** A viewer's consumer closed because its producer (or transport) went away. */
  consumerClosed: [event: ConsumerClosedEvent];
  /** The stream's router died with its worker; every peer of the stream is gone. Report the stream ended. */
  streamLost: [streamId: string, reason: StreamLostReason];
};

export type WorkerStats = {
  pid: number;
  routers: number;
  transports: number;
  producers: number;
  consumers: number;
  /** Ids of the live streams whose router runs on this worker. */
  streams: string[];
};

export type SfuStats = { streams: number; workers: WorkerStats[] };
