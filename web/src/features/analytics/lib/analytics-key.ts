/** Prefix of every analytics query (one per creator, timeframe and as-of time). */
export const analyticsKey = ['/api/analytics'] as const;
