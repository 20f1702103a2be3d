/** What the recommendations page says (its empty state). */
export const RECOMMENDATIONS_MESSAGES = {
  building: 'Building your recommendations...',
} as const;
