import { z } from 'zod';

/**
 * A page's first reads, answered with the page: the server puts the answers the first screen
 * starts with (who is signed in; a signed-in home's first feed page) into the HTML it serves, in a
 * non-executable <script type="application/json"> with this id (the CSP allows no inline script),
 * so a first load waits for no API round trip before its first screen.
 */
export const FIRST_READS_ELEMENT_ID = 'first-reads';

/**
 * The <meta name> of the time the server rendered the page's first screen, when it did: the
 * client's hydrating render words relative times ("5 minutes ago") from it, as the server did.
 */
export const RENDERED_AT_META_NAME = 'myworld-rendered-at';

/** One GET's answer as the server gave it: status, the headers the client reads, and the body text. */
export const firstRead = z.object({
  url: z.string().startsWith('/api/'),
  status: z.number().int().min(200).max(499),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type FirstRead = z.infer<typeof firstRead>;

export const firstReads = z.array(firstRead).max(8);
