import { z } from 'zod';
import { liveStreamEndReason } from './events/live-streams.ts';
import { streamChatContent, streamChatMessage } from './live-streams.ts';

/**
 * Messages on the /ws socket (spec §7 "Real-time socket at /ws"), both directions, as JSON text
 * frames `{ type, ... }`. The server parses every client message with `clientMessage`; the
 * browser parses every server message with `serverMessage`. Media signalling messages carry a
 * `requestId` the answer (`media_response` or `error`) repeats.
 *
 * mediasoup's own parameter objects (rtpCapabilities, dtlsParameters, rtpParameters) are checked
 * for their outer shape here and in full by mediasoup itself.
 */

const id = z.string().min(1).max(100);
const streamId = z.uuid('streamId must be a UUID');
const requestId = z.union([z.string().min(1).max(64), z.number().int()]);

const dtlsParameters = z.looseObject({
  role: z.enum(['auto', 'client', 'server']).optional(),
  fingerprints: z.array(z.looseObject({ algorithm: z.string(), value: z.string() })).min(1),
});
const rtpParameters = z.looseObject({
  codecs: z.array(z.looseObject({ mimeType: z.string(), payloadType: z.number(), clockRate: z.number() })).min(1),
  encodings: z.array(z.looseObject({})).optional(),
  headerExtensions: z.array(z.looseObject({})).optional(),
  rtcp: z.looseObject({}).optional(),
  mid: z.string().optional(),
});
const rtpCapabilities = z.looseObject({
  codecs: z.array(z.looseObject({ mimeType: z.string(), kind: z.enum(['audio', 'video']), clockRate: z.number() })).optional(),
  headerExtensions: z.array(z.looseObject({})).optional(),
});
export const mediaKind = z.enum(['audio', 'video']);

// ---------------------------------------------------------------------------------------------
// Client → server

export const clientMessage = z.discriminatedUnion(
  'type',
  [
    /** Must name the user of the session cookie the socket was opened with; it never changes it. */
    z.object({ type: z.literal('authenticate'), userId: id }),
    z.object({ type: z.literal('join_stream'), streamId }),
    z.object({ type: z.literal('leave_stream'), streamId }),
    /** Chat in the joined stream (signed-in users only). */
    z.object({ type: z.literal('stream_chat'), content: streamChatContent, streamId: streamId.optional() }),
    /** The streamer's media is on air: viewers are told `streamer_broadcasting`. */
    z.object({ type: z.literal('streamer_ready'), streamId: streamId.optional() }),
    // Peer-to-peer signalling relays (spec): delivered to user `to`'s sockets in the same stream as `{ type, from, data }`.
    z.object({ type: z.literal('webrtc_offer'), to: id, data: z.unknown() }),
    z.object({ type: z.literal('webrtc_answer'), to: id, data: z.unknown() }),
    z.object({ type: z.literal('webrtc_ice_candidate'), to: id, data: z.unknown() }),
    // SFU signalling (request/response), in mediasoup-client order.
    z.object({ type: z.literal('media_capabilities'), requestId, streamId }),
    z.object({ type: z.literal('media_create_transport'), requestId, streamId, direction: z.enum(['send', 'recv']) }),
    z.object({ type: z.literal('media_connect_transport'), requestId, streamId, transportId: id, dtlsParameters }),
    z.object({ type: z.literal('media_produce'), requestId, streamId, transportId: id, kind: mediaKind, rtpParameters }),
    /** Without producerId: every producer of the stream this socket does not consume yet. */
    z.object({ type: z.literal('media_consume'), requestId, streamId, transportId: id, rtpCapabilities, producerId: id.optional() }),
    z.object({ type: z.literal('media_resume'), requestId, streamId, consumerId: id }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `unknown message type ${JSON.stringify((issue.input as { type?: unknown } | undefined)?.type ?? null)}` : undefined) },
);
export type ClientMessage = z.infer<typeof clientMessage>;
export type ClientMessageType = ClientMessage['type'];
export type MediaRequest = Extract<ClientMessage, { requestId: unknown }>;
export const CLIENT_MESSAGE_TYPES = clientMessage.options.map((o) => o.shape.type.value);

// ---------------------------------------------------------------------------------------------
// Server → client

const transportParams = z.object({
  id: z.string(),
  iceParameters: z.looseObject({}),
  iceCandidates: z.array(z.looseObject({})),
  dtlsParameters: z.looseObject({}),
});
export const consumerParams = z.object({
  id: z.string(),
  producerId: z.string(),
  producerPeerId: z.string(),
  kind: mediaKind,
  rtpParameters: z.looseObject({}),
  type: z.string(),
  producerPaused: z.boolean(),
});
export type ConsumerParamsMessage = z.infer<typeof consumerParams>;

/** What each media request answers in `media_response.data`. */
export const mediaResponseData = {
  media_capabilities: z.object({ rtpCapabilities: z.looseObject({}) }),
  media_create_transport: z.object({ transport: transportParams }),
  media_connect_transport: z.object({}),
  media_produce: z.object({ producerId: z.string() }),
  media_consume: z.object({ consumers: z.array(consumerParams) }),
  media_resume: z.object({}),
} as const;

export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticated'), userId: z.string().nullable() }),
  /** A refusal or a bad message; the socket stays open. `requestId` answers a media request. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), requestId: requestId.optional(), for: z.string().optional() }),
  z.object({ type: z.literal('media_response'), requestId, data: z.unknown() }),
  z.object({ type: z.literal('stream_joined'), streamId: z.string(), role: z.enum(['streamer', 'viewer']), viewerCount: z.number().int(), broadcasting: z.boolean() }),
  z.object({ type: z.literal('stream_left'), streamId: z.string() }),
  z.object({ type: z.literal('chat_message'), streamId: z.string(), message: streamChatMessage }),
  z.object({ type: z.literal('viewer_joined'), streamId: z.string(), viewerCount: z.number().int(), username: z.string().nullable() }),
  z.object({ type: z.literal('viewer_left'), streamId: z.string(), viewerCount: z.number().int() }),
  z.object({ type: z.literal('stream_ended'), streamId: z.string(), reason: liveStreamEndReason }),
  z.object({ type: z.literal('streamer_broadcasting'), streamId: z.string() }),
  z.object({ type: z.literal('media_producer_added'), streamId: z.string(), producerId: z.string(), kind: mediaKind }),
  z.object({ type: z.literal('media_consumer_closed'), streamId: z.string(), consumerId: z.string() }),
  z.object({ type: z.literal('webrtc_offer'), from: z.string(), data: z.unknown() }),
  z.object({ type: z.literal('webrtc_answer'), from: z.string(), data: z.unknown() }),
  z.object({ type: z.literal('webrtc_ice_candidate'), from: z.string(), data: z.unknown() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** Largest text frame the gateway accepts (mediasoup parameters are a few KB). */
export const WS_MAX_MESSAGE_BYTES = 64 * 1024;
