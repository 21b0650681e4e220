/**
 * jsdom computes a style by matching the element against every rule of every stylesheet, through nwsapi,
 * which compiles each selector into a function and keeps at most 1,000 of them (least recently used out).
 * Fluent's atomic classes give a view test well over 1,000 rules, so each pass over them evicted what the
 * next pass needed: a role query (which reads computed styles to skip hidden elements) compiled the same
 * selectors again and again, and that compiling was the largest part of the view tests' time.
 *
 * This gives the document's nwsapi instances caches without that bound (a few thousand small functions per
 * test file). The caches are the ones nwsapi exports and calls through, so matching is unchanged.
 */

interface NwCache {
  clear(): void;
  get(key: string): unknown;
  has(key: string): boolean;
  set(key: string, value: unknown): unknown;
  size(): number;
}

interface NwInstance {
  matchLambdas: NwCache;
  selectLambdas: NwCache;
  matchResolvers: NwCache;
  selectResolvers: NwCache;
}

const cacheNames = ['matchLambdas', 'selectLambdas', 'matchResolvers', 'selectResolvers'] as const;

function unbound(cache: NwCache): void {
  const entries = new Map<string, unknown>();
  cache.clear = () => entries.clear();
  cache.get = (key) => entries.get(key);
  cache.has = (key) => entries.has(key);
  cache.set = (key, value) => {
    entries.set(key, value);
    return value;
  };
  cache.size = () => entries.size;
}

/**
 * Unbounds the selector caches of `doc`'s nwsapi instances (the one behind `matches` and `querySelector`,
 * and the one behind computed styles). Throws where jsdom no longer keeps them where this looks, so an
 * upgrade that moves them is noticed rather than silently slow.
 */
export function unboundSelectorCaches(doc: Document, view: Window): void {
  const impl = Object.getOwnPropertySymbols(doc)
    .filter((symbol) => symbol.description === 'impl')
    .map((symbol) => (doc as unknown as Record<symbol, unknown>)[symbol])
    .find((value): value is Record<string, unknown> => typeof value === 'object' && value !== null);
  // Both instances are made on first use: a match and a computed style make them.
  doc.documentElement.matches('html');
  view.getComputedStyle(doc.documentElement);
  const instances = [impl?.['_nwsapi'], impl?.['_nwsapiDontThrow']];
  for (const instance of instances) {
    const caches = instance as Partial<NwInstance> | undefined;
    if (cacheNames.some((name) => typeof caches?.[name]?.set !== 'function'))
      throw new Error(
        'jsdom no longer keeps its nwsapi selector caches where testing/selector-cache.ts looks',
      );
    for (const name of cacheNames) unbound((caches as NwInstance)[name]);
  }
}
