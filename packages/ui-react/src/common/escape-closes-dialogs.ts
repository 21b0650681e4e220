import { useTooltipVisibility } from '@fluentui/react-components';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';

const MODAL = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/** The modal opened last (a nested dialog's portal comes after its parent's). */
function topmostModal(): HTMLElement | null {
  const modals = document.querySelectorAll<HTMLElement>(MODAL);
  return modals.item(modals.length - 1) ?? null;
}

/**
 * Escape pressed in a modal dialog closes it, even while a tooltip shows. A visible Fluent tooltip takes
 * the first Escape on the whole document (its capture listener hides it and marks the key handled), and a
 * dialog ignores an Escape marked handled. The tooltip can belong to a button the dialog now covers: the
 * pointer rested on it when the dialog opened by a click that did not move it (a script, voice control),
 * and it hides only a quarter of a second after the backdrop took the pointer; an Escape in that time
 * left the dialog open. So the tooltip is hidden first, at once, which also removes its listener before
 * the key reaches the document. And a dialog hears Escape only from within: when the focused control
 * removes itself (an Open button that gives way to what it opened), focus falls to the page and the
 * dialog no longer hears the key. An Escape on the page while a modal is open is handed to the topmost
 * modal, which takes the focus back. Rendered once, by the signed-in shell, inside the FluentProvider
 * whose tooltips it hides.
 */
export function EscapeClosesDialogs(): null {
  const tooltips = useTooltipVisibility();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target;
      if (!(target instanceof Element)) return;
      const onPage = target === document.body || target === document.documentElement;
      const modal = onPage ? topmostModal() : target.closest<HTMLElement>(MODAL);
      if (modal === null) return;
      const visible = tooltips.visibleTooltip;
      if (visible !== undefined) flushSync(() => visible.hide());
      if (!onPage) return;
      event.stopPropagation();
      modal.focus();
      modal.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    };
    // The window's capture phase comes before the document's, where the tooltip listens.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [tooltips]);
  return null;
}
