import { lazy, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { retryingImport } from './retrying-import';

/** A component kept in a chunk of its own. */
export interface Deferred<P> {
  /**
   * Renders it: directly once its code is there, else through React's lazy (suspending until loaded). An
   * instance keeps the way it started, so a load finishing meanwhile does not remount it.
   */
  readonly Component: (props: P) => ReactNode;
  /** Fetches its code; resolves once it is there, rejects after the retries gave up. */
  readonly load: () => Promise<void>;
  /** Fetches its code ahead of use; a failure is left to that use. */
  readonly preload: () => void;
}

/**
 * A component whose code the page does not need before it is used. Its load is retried like the routes'
 * (it waits for a lost network), and `preload` lets the page fetch it while idle, so that its first use
 * seldom waits at all.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = retryingImport(() =>
    load().then((component) => {
      loaded = component;
      return component;
    }),
  );
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Component(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return {
    Component,
    load: () => loadOnce().then(() => undefined),
    preload: () => void loadOnce().catch(() => undefined),
  };
}

/** What a menu button needs until its menu's code is there: its role, and what asks for the menu. */
export interface MenuRequestProps {
  readonly 'aria-haspopup': 'menu';
  readonly 'aria-expanded': false;
  readonly onClick: () => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A menu button that stands alone until its menu is first asked for: Fluent's menus with their
 * positioning and focus code are about 28 KB gzip that the conversation list does not need before a menu
 * opens. Click, Enter, Space or ArrowDown (what opens a Fluent menu) set `requested`; the caller then
 * renders the real menu, opened, in place of the lone button.
 */
export function useMenuOnRequest(): { readonly requested: boolean; readonly triggerProps: MenuRequestProps } {
  const [requested, setRequested] = useState(false);
  return {
    requested,
    triggerProps: {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => setRequested(true),
      onKeyDown: (event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setRequested(true);
      },
    },
  };
}
