/** A word as a label ("music" reads "Music"): categories, tabs. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
