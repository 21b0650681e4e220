/**
 * The properties of a JSON text written by another client or the SDK, to be read defensively field by
 * field. Any JSON value is wrapped as an object (`Object(5)` or `Object([1])` has none of the fields
 * read, and `Object(null)` is `{}`), and text that is not JSON has no properties at all, so callers
 * check each field's type and never meet a throw.
 */
export function jsonProperties(text: string): Readonly<Record<string, unknown>> {
  try {
    return Object(JSON.parse(text)) as Record<string, unknown>;
  } catch {
    return {};
  }
}
