/** A run's volatile values (ids, tokens, phone numbers) by name: `alice.userID` → `8832075516`. */
export type Substitutions = ReadonlyMap<string, string>;

/**
 * Replaces every volatile value of a run, wherever it occurs in a string or an object key, by its name in
 * braces (`si_{alice.userID}_{bob.userID}`), so that two runs with different users read the same, and a
 * recording holds no token. Longer values go first, so a phone number is not cut by a shorter value
 * inside it.
 */
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g;

export function normalise(value: unknown, substitutions: Substitutions): unknown {
  const pairs = [...substitutions]
    .filter(([, v]) => v.length >= 3)
    .sort(([, a], [, b]) => b.length - a.length);
  const text = (s: string): string =>
    pairs
      .reduce((out, [name, v]) => out.split(v).join(`{${name}}`), s)
      // Any other token (a call room's): its claims hold ids and times of the run.
      .replace(JWT, '{jwt}');
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [text(k), walk(inner)]));
    }
    return v;
  };
  return walk(value);
}
