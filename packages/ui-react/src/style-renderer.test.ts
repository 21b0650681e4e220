import { describe, expect, it } from 'vitest';
import { createStyleRenderer } from './style-renderer';

/** A style set that counts how often its buckets are read: reading them is Griffel's per-rule work. */
function countedRules(rules: Record<string, string[]>) {
  const reads = { count: 0 };
  const set = new Proxy(rules, {
    get(target, key, receiver) {
      if (typeof key === 'string') reads.count += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { set, reads };
}

const cssText = () =>
  [...document.querySelectorAll('style')].map((element) => element.textContent ?? '').join('\n') +
  [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');

describe('createStyleRenderer', () => {
  it('inserts a style set once: the same set again is not read, a new one is inserted', () => {
    const renderer = createStyleRenderer(document);
    const first = countedRules({ d: ['.teamim-a{color:red;}'] });
    renderer.insertCSSRules(first.set);
    expect(first.reads.count).toBeGreaterThan(0);
    expect(cssText()).toContain('.teamim-a');

    first.reads.count = 0;
    renderer.insertCSSRules(first.set);
    renderer.insertCSSRules(first.set);
    expect(first.reads.count).toBe(0);

    renderer.insertCSSRules({ d: ['.teamim-b{color:blue;}'] });
    expect(cssText()).toContain('.teamim-b');
  });
});
