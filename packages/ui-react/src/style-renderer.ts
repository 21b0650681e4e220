import { createDOMRenderer, type GriffelRenderer } from '@fluentui/react-components';

/**
 * Griffel's DOM renderer, made to skip a set of style rules it has already inserted. Every mount of a
 * styled component hands the renderer its component's whole set again, which Griffel checks rule by rule,
 * allocating for each; the message list mounts a screenful of rows on each step back through a long
 * history, and those checks were a third of all it allocated (the garbage whose collection paused the
 * scroll: bench:web --heap-profile). A set is one object per style hook (made once, when the hook is first
 * used), so the same object again holds nothing new; any other object goes through Griffel's own checks.
 */
export function createStyleRenderer(target?: Document): GriffelRenderer {
  const renderer = createDOMRenderer(target);
  const insert = renderer.insertCSSRules.bind(renderer);
  const inserted = new WeakSet<object>();
  renderer.insertCSSRules = (cssRules) => {
    if (inserted.has(cssRules)) return;
    insert(cssRules);
    inserted.add(cssRules);
  };
  return renderer;
}
