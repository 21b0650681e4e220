import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { unboundSelectorCaches } from './selector-cache';

// jsdom lacks these browser APIs that Fluent UI and the virtualizer use.
if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function') {
    const matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { value: matchMedia });
  }
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined });
  }
  // jsdom lays nothing out; virtualized lists need a viewport to render rows into.
  const box = { x: 0, y: 0, top: 0, left: 0, width: 1024, height: 768, right: 1024, bottom: 768 };
  Element.prototype.getBoundingClientRect = () => ({ ...box, toJSON: () => box });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 768 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1024 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 768 });
}

// Tabster (Fluent's focus manager) keeps the focused element and its ancestors out of its aria-hidden, and
// Chromium shows the same (the browser tests find every open dialog by role). In jsdom, a dialog whose
// surface took the focus before its modal part was registered is later marked aria-hidden as an inactive
// modal, and stays so: its whole content then vanishes from role queries once that timer has run. This
// restores tabster's own rule here, so a test does not depend on whether its next query beat that timer.
if (typeof window !== 'undefined') {
  new MutationObserver((mutations) => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body) return;
    for (const { target } of mutations) {
      if (
        target instanceof Element &&
        target.getAttribute('aria-hidden') === 'true' &&
        target.contains(focused)
      ) {
        target.removeAttribute('aria-hidden');
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'] });
}

// Only jsdom matches through nwsapi (two files render in happy-dom).
if (typeof window !== 'undefined' && navigator.userAgent.includes('jsdom'))
  unboundSelectorCaches(document, window);

// A loaded machine renders slowly; waiting longer costs nothing when it is fast.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
});
