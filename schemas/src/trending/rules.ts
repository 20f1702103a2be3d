/**
 * What is trending: recent activity with time decay (a use, follow or like counts half as much
 * after each half-life), kept incrementally by the trending read model from event times.
 */
export const TRENDING_HALF_LIFE_HOURS = 24;
/** How many of each the trending response lists; `content` of this size is "the trending set". */
export const TRENDING_HASHTAGS = 20;
export const TRENDING_CREATORS = 10;
export const TRENDING_CONTENT = 20;
