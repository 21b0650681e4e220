/** The birth field of the profile form: an `<input type="date">` value ("YYYY-MM-DD") ⇄ a ms timestamp. */

/** The local calendar date of a birth timestamp, or '' when unknown (0). */
export function birthToInput(birthMs: number): string {
  if (birthMs === 0 || !Number.isFinite(birthMs)) return '';
  const date = new Date(birthMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of the chosen date; 0 (unknown) for an empty or malformed value. */
export function birthFromInput(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return 0;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day);
  // Reject dates the Date constructor silently rolled over (e.g. 2023-02-30).
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return 0;
  return date.getTime();
}
