import { useCallback, useEffect, useState } from 'react';

/**
 * A node to render something into before it is shown: parked at the end of the body, inert (out of the
 * accessibility tree, unfocusable, not hit) and hidden by `parkedClass`, until `slot` is given an element to move it
 * into. The slot's element going away parks it again, so what it holds stays rendered between uses.
 */
export function useParkedHolder(parkedClass: string): {
  readonly holder: HTMLElement;
  readonly slot: (element: HTMLElement | null) => void;
} {
  const [holder] = useState(() => document.createElement('div'));
  const park = useCallback(() => {
    holder.className = parkedClass;
    holder.setAttribute('inert', '');
    document.body.append(holder);
  }, [holder, parkedClass]);
  useEffect(() => {
    if (holder.parentElement === null) park();
    return () => holder.remove();
  }, [holder, park]);
  const slot = useCallback(
    (element: HTMLElement | null) => {
      if (element === null) {
        park();
        return;
      }
      holder.className = '';
      holder.removeAttribute('inert');
      element.append(holder);
    },
    [holder, park, parkedClass],
  );
  return { holder, slot };
}
