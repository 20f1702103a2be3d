import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { POSITION_HEADERS, formatPosition, type Position } from '@myworld/schemas';

/**
 * Answers a command with the global position of its last event, as the `position` field and the
 * `X-Position` header, so the client can send it back as X-Min-Position to read its own write.
 * `position` is null when the command recorded nothing (nothing changed, or a repeat).
 */
export function replyWithPosition<T extends object>(
  reply: FastifyReply,
  position: Position | null,
  body: T,
  status = 200,
): FastifyReply {
  const text = position ? formatPosition(position) : null;
  if (text) reply.header(POSITION_HEADERS.position, text);
  return reply.status(status).send({ ...body, position: text });
}

/** A command answer's schema: `body` plus the position `replyWithPosition` adds. */
export function withPosition<T extends z.ZodObject>(body: T) {
  return body.extend({
    position: z
      .string()
      .nullable()
      .describe(
        'Where the command\'s last event sits in the log ("commit/prepare"); null when nothing was recorded. Also sent as X-Position.',
      ),
  });
}
