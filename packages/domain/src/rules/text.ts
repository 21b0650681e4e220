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
  let result = '';
  let count = 0;
  for (const char of text) {
    if (count === max) break;
    result += char;
    count += 1;
  }
  return result;
}

export function isBlank(text: string | undefined | null): boolean {
  return text === undefined || text === null || text.trim() === '';
}
