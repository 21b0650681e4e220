/**
 * Lengths are counted in Unicode code points, so an emoji or a CJK character counts as one
 * character, as a user would count it (String.length would count surrogate pairs twice).
 */
export function charLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The first `max` characters (code points) of `text`. */
export function takeChars(text: string, max: number): string {
  if (max <= 0) return '';
  // No longer in UTF-16 units means no longer in code points: the text as it is.
  if (text.length <= max) return text;
  // One cut instead of a character at a time: appending builds a chain of string pieces (a rope
  // node per character), several hundred bytes for each preview the conversation list keeps.
  let end = 0;
  let count = 0;
  for (const char of text) {
    if (count === max) break;
    end += char.length;
    count += 1;
  }
  return text.slice(0, end);
}

export function isBlank(text: string | undefined | null): boolean {
  return text === undefined || text === null || text.trim() === '';
}
