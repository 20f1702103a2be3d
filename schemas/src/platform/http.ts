import { z } from 'zod';
import { PLATFORM_MESSAGES } from './messages.ts';

/**
 * Every non-OK answer's JSON body. `error` is a stable code for programs (e.g. "validation_failed",
 * "invalid_credentials", "username_taken"), `field` names the input at fault, `message` is shown to
 * people as is.
 */
export const apiErrorBody = z.object({
  error: z.string(),
  field: z.string().optional(),
  message: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** The one 400 body for a failed parse: the first issue's message, naming its top-level field. */
export function validationErrorBody(error: z.ZodError): ApiErrorBody {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    error: 'validation_failed',
    ...(typeof field === 'string' ? { field } : {}),
    message: issue?.message ?? PLATFORM_MESSAGES.invalidRequest,
  };
}

/** An answer that only tells the person what happened (sign-in, logout, settings saved...). */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * Paged lists: the body stays the list itself (a JSON array), and the opaque cursor of the
 * next page travels in this header (absent on the last page). The client sends it back as `?cursor=`.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const pageCursor = z.string().trim().min(1).max(512, 'the cursor is at most 512 characters');
