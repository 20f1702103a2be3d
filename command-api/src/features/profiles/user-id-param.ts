import { z } from 'zod';

/** The `{id}` of /api/users/{id}/videos and /photos. */
export const userIdParam = z.object({ id: z.uuid('the user id must be a UUID') });
