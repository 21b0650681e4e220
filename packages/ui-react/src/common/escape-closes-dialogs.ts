import { useTooltipVisibility } from '@fluentui/react-components';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';

const MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/**
 * Escape pressed in a modal dialog closes it, even while a tooltip shows. A visible Fluent tooltip takes
 * the first Escape on the whole document (its capture listener hides it and marks the key handled), and a
 * dialog ignores an Escape marked handled. The tooltip can belong to a button the dialog now covers: the
 * pointer rested on it when the dialog opened by a click that did not move it (a script, voice control),
 * and it hides only a quarter of a second after the backdrop took the pointer; an Escape in that time
 * left the dialog open. So the tooltip is hidden first, at once, which also removes its listener before
 * the key reaches the document. Rendered once, by the signed-in shell, inside the FluentProvider whose tooltips it hides.
 */
export function EscapeClosesDialogs(): null {
  const tooltips = useTooltipVisibility();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const visible = tooltips.visibleTooltip;
      if (visible === undefined) return;
      const target = event.target;
      if (!(target instanceof Element) || target.closest(MODAL) === null) return;
      flushSync(() => visible.hide());
    };
    // The window's capture phase comes before the document's, where the tooltip listens.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [tooltips]);
  return null;
}
