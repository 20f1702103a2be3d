import { z } from 'zod';

/**
 * The /ws envelope every feature shares: JSON text frames `{ type, ... }`. A socket says who it is
 * with `authenticate`, may `ping` to keep the connection alive, and gets `error` for any refused
 * or malformed message (the socket stays open). Feature messages are added in ../ws.ts.
 */

/** Largest text frame the gateway accepts (mediasoup parameters are a few KB). */
export const WS_MAX_MESSAGE_BYTES = 64 * 1024;

/** The id of a request the answer (a feature's response or `error`) repeats. */
export const wsRequestId = z.union([z.string().min(1).max(64), z.number().int()]);
export type WsRequestId = z.infer<typeof wsRequestId>;

/** An id given by the client (a user, a transport...): non-empty, at most 100 characters. */
export const wsId = z.string().min(1).max(100);

export const platformClientMessages = [
  /** Must name the user of the session cookie the socket was opened with; it never changes it. */
  z.object({ type: z.literal('authenticate'), userId: wsId }),
  /** Keep-alive: answered with `pong`. */
  z.object({ type: z.literal('ping') }),
] as const;

export const platformServerMessages = [
  z.object({ type: z.literal('authenticated'), userId: z.string().nullable() }),
  /** A refusal or a bad message; the socket stays open. `requestId` answers a request; `for` names the refused message type. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), requestId: wsRequestId.optional(), for: z.string().optional() }),
  z.object({ type: z.literal('pong') }),
] as const;
