// A module of its own (not part of translate.ts) so that a client's first load can nest its one
// locale's table without bringing along `translate` and, with it, every locale's table.

export interface NestedTranslations {
  readonly [segment: string]: string | NestedTranslations;
}

/**
 * Nests a flat `{ 'a.b.c': text }` table into `{ a: { b: { c: text } } }`. Throws when one key is
 * a prefix of another, because i18next could then reach only one of the two texts.
 */
export function nestByDots(flat: Readonly<Record<string, string>>): NestedTranslations {
  const root: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(flat)) {
    const segments = key.split('.');
    let node = root;
    segments.forEach((segment, index) => {
      const existing = node[segment];
      if (index === segments.length - 1) {
        if (existing !== undefined) throw new Error(`i18n key ${key} collides with another key`);
        node[segment] = text;
        return;
      }
      if (existing === undefined) {
        const created: Record<string, unknown> = {};
        node[segment] = created;
        node = created;
      } else if (typeof existing === 'string') {
        throw new Error(
          `i18n key ${key} collides with the text at ${segments.slice(0, index + 1).join('.')}`,
        );
      } else {
        // Every value is either a text or a group created above.
        node = existing as Record<string, unknown>;
      }
    });
  }
  return root as NestedTranslations;
}
