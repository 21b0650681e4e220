import { MESSAGE_CONTENT_MAX_BYTES } from '../constants';

/** The limit as users read it: 100 KB. */
export const MESSAGE_CONTENT_MAX_KB = MESSAGE_CONTENT_MAX_BYTES / 1024;

/**
 * Room in the content for what the SDK puts around the text: the `{"content":…}` of a text message, the
 * mention list of an at-text or the quoted message's fields of a quote.
 */
export const CONTENT_ENVELOPE_BYTES = 1_024;

/**
 * The bytes a text takes in the message content the server measures: the SDK encodes it as a JSON string
 * with Go's encoder, which writes `<`, `>`, `&`, U+2028 and U+2029 as six-byte `\u` escapes besides
 * JSON's own escapes; every other character is its UTF-8.
 */
export function messageContentBytes(text: string): number {
  let bytes = CONTENT_ENVELOPE_BYTES;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"' || char === '\\' || char === '\n' || char === '\r' || char === '\t') bytes += 2;
    else if (code < 0x20 || char === '<' || char === '>' || char === '&') bytes += 6;
    else if (code === 0x2028 || code === 0x2029) bytes += 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0x10000) bytes += 3;
    else bytes += 4;
  }
  return bytes;
}
