import { z } from 'zod';
import { giftsServerMessages } from './gifts/ws.ts';
import { liveStreamsClientMessages, liveStreamsServerMessages } from './live-streams/ws.ts';
import { directMessageServerMessages } from './messages/ws.ts';
import { moderationServerMessages } from './moderation/ws.ts';
import { platformClientMessages, platformServerMessages } from './platform/ws.ts';

/**
 * Every message on the /ws socket, assembled from the platform envelope and each feature's ws.ts.
 * The server parses every client message with `clientMessage`; the browser parses every server
 * message with `serverMessage`. A new feature adds its lists here.
 */

export const clientMessage = z.discriminatedUnion('type', [...platformClientMessages, ...liveStreamsClientMessages], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? `unknown message type ${JSON.stringify((issue.input as { type?: unknown } | undefined)?.type ?? null)}`
      : undefined,
});
export type ClientMessage = z.infer<typeof clientMessage>;
export type ClientMessageType = ClientMessage['type'];
export type ClientMessageOf<T extends ClientMessageType> = Extract<ClientMessage, { type: T }>;
export const CLIENT_MESSAGE_TYPES = clientMessage.options.map((o) => o.shape.type.value);

export const serverMessage = z.discriminatedUnion('type', [
  ...platformServerMessages,
  ...liveStreamsServerMessages,
  ...giftsServerMessages,
  ...directMessageServerMessages,
  ...moderationServerMessages,
]);
export type ServerMessage = z.infer<typeof serverMessage>;
export type ServerMessageType = ServerMessage['type'];
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;
