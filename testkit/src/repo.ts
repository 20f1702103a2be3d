import { fileURLToPath } from 'node:url';

/** The repository's root: the product's processes start from here, as `npm start` starts them. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
