import { z } from 'zod';
import { PLATFORM_MESSAGES } from './messages.ts';

/**
 * The /ws envelope every feature shares: JSON text frames `{ type, ... }`. A socket says who it is
 * with `authenticate`, may `ping` to keep the connection alive, and gets `error` for any refused
 * or malformed message (the socket stays open). Feature messages are added in ../ws.ts.
 */

/** Largest text frame the gateway accepts (mediasoup parameters are a few KB). */
export const WS_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * Close codes the gateway ends a socket with on purpose, and what the browser shows for each. A
 * client does not reconnect after these: the same socket would be refused again.
 */
export const WS_CLOSE_CODES = {
  /** Over the user's (or visitor address's) socket limit (RFC 6455 policy violation). */
  tooManySockets: 1008,
  /** The socket's session was signed out or revoked. */
  sessionRevoked: 4401,
} as const;

const WS_CLOSE_MESSAGES: Readonly<Record<number, string>> = {
  [WS_CLOSE_CODES.tooManySockets]: PLATFORM_MESSAGES.tooManySockets,
  [WS_CLOSE_CODES.sessionRevoked]: PLATFORM_MESSAGES.sessionRevoked,
};

/** The text for a close the gateway meant; undefined for an ordinary drop. */
export const wsCloseMessage = (code: number | undefined): string | undefined =>
  code === undefined ? undefined : WS_CLOSE_MESSAGES[code];

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
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    requestId: wsRequestId.optional(),
    for: z.string().optional(),
  }),
  z.object({ type: z.literal('pong') }),
] as const;
