import type { Redis } from 'ioredis';
import { serverMessage, type ServerMessage } from '@myworld/schemas';

/**
 * The API's socket fan-out channel prefix (command-api platform/ws/fan-out.ts, RoomFanOut's
 * default; the API sets no other): every API instance with a socket in room `R` listens on
 * `myworld:ws:R`.
 */
const WS_CHANNEL_PREFIX = 'myworld:ws:';

/**
 * Sends a /ws message to every open socket of one user, on whichever API instance it is: the
 * envelope `{ message }` published on the user's room (`user:{id}`), as the API's own fan-out
 * does. The message is checked against the shared contract first, so a bad one fails here, not in
 * every API instance.
 */
export async function publishToUser(redis: Redis, userId: string, message: ServerMessage): Promise<void> {
  await redis.publish(`${WS_CHANNEL_PREFIX}user:${userId}`, JSON.stringify({ message: serverMessage.parse(message) }));
}
