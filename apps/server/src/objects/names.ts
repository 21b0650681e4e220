/**
 * Object names are the keys clients choose (`<userID>/msg_picture_<id>.png`,
 * `<userID>/msg_file_<id>/<original file name>`). They are only ever database keys: file contents live
 * under server-generated blob keys, so a name cannot reach the file system. The rules below still
 * refuse anything path-like that could confuse a proxy, a browser or a later storage backend, with a
 * message that says what is wrong.
 */
const MAX_NAME_BYTES = 1024;
// C0/C1 controls, DEL, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Why `name` may not be used by `userID`, or undefined when it is fine. */
export function nameRefusal(name: string, userID: string, isAdmin: boolean): string | undefined {
  if (name === '') return 'name must not be empty';
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) return `name is longer than ${MAX_NAME_BYTES} bytes`;
  if (CONTROL.test(name)) return 'name must not contain control characters';
  if (name.includes('\\')) return 'name must not contain backslashes';
  if (name.startsWith('/')) return 'name must not start with "/"';
  const segments = name.split('/');
  if (segments.some((s) => s === '.' || s === '..')) return 'name must not contain "." or ".." segments';
  if (segments.some((s) => s === '')) return 'name must not contain empty segments ("//" or a trailing "/")';
  if (segments.length < 2 && !isAdmin) return `name must start with "${userID}/"`;
  if (!isAdmin && segments[0] !== userID) return `name must start with "${userID}/" (your user ID)`;
  return undefined;
}

/** The last segment, used as the download file name. */
export function baseName(name: string): string {
  const i = name.lastIndexOf('/');
  return i < 0 ? name : name.slice(i + 1);
}

/** `<base>/<name>` with each segment percent-encoded (names may hold spaces and any Unicode). */
export function objectUrl(base: string, name: string): string {
  return `${base}/${name.split('/').map(encodeURIComponent).join('/')}`;
}
