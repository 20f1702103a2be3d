import { z } from 'zod';

/** The HTTP bodies of /api/users/{id}/follow. */

/** The `{id}` of the user followed. */
export const followeeParam = z.object({ id: z.uuid('the user id must be a UUID') });

/** Follow and unfollow answer whether the caller now follows the user (the counts follow in the read models). */
export const followResponse = z.object({ following: z.boolean() });
