/** What the recommendations page says (the spec's empty state, word for word). */
export const RECOMMENDATIONS_MESSAGES = {
  building: 'Building your recommendations...',
} as const;
