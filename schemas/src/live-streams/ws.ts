import { z } from 'zod';
import { wsId, wsRequestId } from '../platform/ws.ts';
import { liveStreamDuetEndReason, liveStreamEndReason } from './events.ts';
import { streamChatMessage } from './http.ts';
import {
  consumerParams,
  dtlsParameters,
  mediaKind,
  mediaTransportDirection,
  rtpCapabilities,
  rtpParameters,
  transportParams,
} from './media.ts';
import { streamChatContent } from './rules.ts';

/**
 * The live-streams messages on /ws, both directions (assembled with the platform envelope in
 * ../ws.ts). Media signalling requests carry a `requestId` the answer (`media_response` or
 * `error`) repeats.
 */

const streamId = z.uuid('streamId must be a UUID');

export const liveStreamsClientMessages = [
  z.object({ type: z.literal('join_stream'), streamId }),
  z.object({ type: z.literal('leave_stream'), streamId }),
  /** Chat in the joined stream (signed-in users only). */
  z.object({ type: z.literal('stream_chat'), content: streamChatContent, streamId: streamId.optional() }),
  /** The streamer's media is on air: viewers are told `streamer_broadcasting`. */
  z.object({ type: z.literal('streamer_ready'), streamId: streamId.optional() }),
  // Peer-to-peer signalling relays, between members of the same stream room only: delivered to
  // user `to`'s sockets there as `{ type, from, data }`.
  z.object({ type: z.literal('webrtc_offer'), to: wsId, data: z.unknown() }),
  z.object({ type: z.literal('webrtc_answer'), to: wsId, data: z.unknown() }),
  z.object({ type: z.literal('webrtc_ice_candidate'), to: wsId, data: z.unknown() }),
  // SFU signalling (request/response), in mediasoup-client order.
  z.object({ type: z.literal('media_capabilities'), requestId: wsRequestId, streamId }),
  z.object({
    type: z.literal('media_create_transport'),
    requestId: wsRequestId,
    streamId,
    direction: mediaTransportDirection,
  }),
  z.object({
    type: z.literal('media_connect_transport'),
    requestId: wsRequestId,
    streamId,
    transportId: wsId,
    dtlsParameters,
  }),
  z.object({
    type: z.literal('media_produce'),
    requestId: wsRequestId,
    streamId,
    transportId: wsId,
    kind: mediaKind,
    rtpParameters,
  }),
  /** Without producerId: every producer of the stream this socket does not consume yet. */
  z.object({
    type: z.literal('media_consume'),
    requestId: wsRequestId,
    streamId,
    transportId: wsId,
    rtpCapabilities,
    producerId: wsId.optional(),
  }),
  z.object({ type: z.literal('media_resume'), requestId: wsRequestId, streamId, consumerId: wsId }),
] as const;

export type LiveStreamsClientMessage = z.infer<(typeof liveStreamsClientMessages)[number]>;
/** The media signalling requests: each is answered by `media_response` (or `error`) with its requestId. */
export type MediaRequest = Extract<LiveStreamsClientMessage, { requestId: unknown }>;

/** What each media request answers in `media_response.data`. */
export const mediaResponseData = {
  media_capabilities: z.object({ rtpCapabilities: z.looseObject({}) }),
  media_create_transport: z.object({ transport: transportParams }),
  media_connect_transport: z.object({}),
  media_produce: z.object({ producerId: z.string() }),
  media_consume: z.object({ consumers: z.array(consumerParams) }),
  media_resume: z.object({}),
} as const satisfies Record<MediaRequest['type'], z.ZodType>;

export const liveStreamsServerMessages = [
  z.object({ type: z.literal('media_response'), requestId: wsRequestId, data: z.unknown() }),
  z.object({
    type: z.literal('stream_joined'),
    streamId: z.string(),
    role: z.enum(['streamer', 'viewer']),
    viewerCount: z.number().int(),
    broadcasting: z.boolean(),
  }),
  z.object({ type: z.literal('stream_left'), streamId: z.string() }),
  z.object({ type: z.literal('chat_message'), streamId: z.string(), message: streamChatMessage }),
  z.object({
    type: z.literal('viewer_joined'),
    streamId: z.string(),
    viewerCount: z.number().int(),
    username: z.string().nullable(),
  }),
  z.object({ type: z.literal('viewer_left'), streamId: z.string(), viewerCount: z.number().int() }),
  z.object({ type: z.literal('stream_ended'), streamId: z.string(), reason: liveStreamEndReason }),
  z.object({ type: z.literal('streamer_broadcasting'), streamId: z.string() }),
  z.object({ type: z.literal('media_producer_added'), streamId: z.string(), producerId: z.string(), kind: mediaKind }),
  z.object({ type: z.literal('media_consumer_closed'), streamId: z.string(), consumerId: z.string() }),
  /** To the streamer: someone asks for a duet. */
  z.object({
    type: z.literal('duet_request'),
    streamId: z.string(),
    from: z.object({ id: z.string(), username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
    message: z.string(),
  }),
  /** To the requester: the streamer declined. */
  z.object({ type: z.literal('duet_declined'), streamId: z.string() }),
  /** To the room: the partner joins the stream's media. */
  z.object({
    type: z.literal('duet_started'),
    streamId: z.string(),
    partner: z.object({ id: z.string(), username: z.string().nullable(), profileImageUrl: z.string().nullable() }),
  }),
  z.object({
    type: z.literal('duet_ended'),
    streamId: z.string(),
    partnerId: z.string(),
    reason: liveStreamDuetEndReason,
  }),
  /** To a reminded viewer (their user room): a scheduled stream's start time has come. */
  z.object({
    type: z.literal('stream_reminder'),
    streamId: z.string(),
    title: z.string(),
    streamerUsername: z.string().nullable(),
    scheduledFor: z.string(),
    isActive: z.boolean(),
  }),
  z.object({ type: z.literal('webrtc_offer'), from: z.string(), data: z.unknown() }),
  z.object({ type: z.literal('webrtc_answer'), from: z.string(), data: z.unknown() }),
  z.object({ type: z.literal('webrtc_ice_candidate'), from: z.string(), data: z.unknown() }),
] as const;
