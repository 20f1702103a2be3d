import { z } from 'zod';

/**
 * The media signalling contract between the browser (mediasoup-client), the API's gateway and the
 * SFU. mediasoup's own parameter objects (rtpCapabilities, dtlsParameters, rtpParameters) are
 * checked here for their outer shape and in full by mediasoup itself.
 */

export const mediaKind = z.enum(['audio', 'video']);
export type MediaKind = z.infer<typeof mediaKind>;

export const mediaTransportDirection = z.enum(['send', 'recv']);
export type MediaTransportDirection = z.infer<typeof mediaTransportDirection>;

export const dtlsParameters = z.looseObject({
  role: z.enum(['auto', 'client', 'server']).optional(),
  fingerprints: z.array(z.looseObject({ algorithm: z.string(), value: z.string() })).min(1),
});

export const rtpParameters = z.looseObject({
  codecs: z.array(z.looseObject({ mimeType: z.string(), payloadType: z.number(), clockRate: z.number() })).min(1),
  encodings: z.array(z.looseObject({})).optional(),
  headerExtensions: z.array(z.looseObject({})).optional(),
  rtcp: z.looseObject({}).optional(),
  mid: z.string().optional(),
});

export const rtpCapabilities = z.looseObject({
  codecs: z.array(z.looseObject({ mimeType: z.string(), kind: mediaKind, clockRate: z.number() })).optional(),
  headerExtensions: z.array(z.looseObject({})).optional(),
});

/** What mediasoup-client's device.createSendTransport/createRecvTransport needs. */
export const transportParams = z.object({
  id: z.string(),
  iceParameters: z.looseObject({}),
  iceCandidates: z.array(z.looseObject({})),
  dtlsParameters: z.looseObject({}),
});

/**
 * One consumer as the SFU creates it and the browser receives it: what mediasoup-client's
 * recvTransport.consume({ id, producerId, kind, rtpParameters }) needs, plus the broadcaster
 * (`producerPeerId`) and whether its track is paused. The SFU narrows the mediasoup fields.
 */
export const consumerParams = z.object({
  id: z.string(),
  producerId: z.string(),
  /** The peer (broadcaster) whose producer this consumer receives. */
  producerPeerId: z.string(),
  kind: mediaKind,
  rtpParameters: z.looseObject({}),
  type: z.string(),
  producerPaused: z.boolean(),
});
export type ConsumerParams = z.infer<typeof consumerParams>;
