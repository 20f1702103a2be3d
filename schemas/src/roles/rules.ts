/** How many role holders one page of GET /api/admin/roles lists at most (and by default). */
export const ROLE_HOLDERS_PAGE_MAX = 50;
/** A grant's optional reason, at most this many characters. */
export const ROLE_REASON_MAX = 500;
