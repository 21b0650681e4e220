import { describe, expect, it } from 'vitest';

/** The document's nwsapi instance behind computed styles, as jsdom keeps it. */
function computedStyleMatcher(): { matchResolvers: { has(key: string): boolean } } {
  const symbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  const impl = (document as unknown as Record<symbol, Record<string, unknown>>)[symbol!]!;
  return impl['_nwsapiDontThrow'] as { matchResolvers: { has(key: string): boolean } };
}

describe('the view tests’ selector caches (testing/setup.ts)', () => {
  it('keep every selector a computed style matched, past nwsapi’s 1,000', () => {
    const style = document.createElement('style');
    style.textContent = Array.from({ length: 1_500 }, (_, i) => `.c${i} { color: red; }`).join('\n');
    document.head.append(style);
    const element = document.createElement('div');
    element.className = 'c0';
    document.body.append(element);

    expect(getComputedStyle(element).color).toBe('rgb(255, 0, 0)');
    // A bounded cache evicts the first rule's resolver while the other 1,499 are compiled.
    expect(computedStyleMatcher().matchResolvers.has('.c0')).toBe(true);
    style.remove();
    element.remove();
  });
});
