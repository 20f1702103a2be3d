import type { FastifyReply } from 'fastify';
import { formatPosition, type Position } from '@myworld/schemas';

/**
 * Answers a command with the global position of its last event, as the `position` field and the
 * `X-Position` header, so the client can send it back as X-Min-Position to read its own write.
 */
export function replyWithPosition<T extends object>(reply: FastifyReply, position: Position | null, body: T, status = 200) {
  const text = position ? formatPosition(position) : null;
  if (text) reply.header('x-position', text);
  return reply.status(status).send({ ...body, position: text });
}
