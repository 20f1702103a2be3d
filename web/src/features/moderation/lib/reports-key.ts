/** Prefix of every moderation queue query (one per status filter and search). */
export const reportsKey = ['/api/reports'] as const;
