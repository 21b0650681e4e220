/** The text with `insert` replacing the selection, and where the caret goes after it. */
export function insertText(
  text: string,
  selectionStart: number | undefined,
  selectionEnd: number | undefined,
  insert: string,
): { readonly text: string; readonly caret: number } {
  const start = Math.min(Math.max(0, selectionStart ?? text.length), text.length);
  const end = Math.min(Math.max(start, selectionEnd ?? start), text.length);
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
