import { lazy, useEffect, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { retryingImport, type RetryOptions } from './retrying-import';

/** What every deferred component takes besides its own props. */
interface DeferredProps {
  /**
   * Rendered in its place when its code could not be loaded (the retries gave up while online): the page
   * around it stays. The next instance mounted tries the load again.
   */
  readonly unavailable?: ReactNode;
}

/** A component kept in a chunk of its own. */
export interface Deferred<P> {
  /**
   * Renders it: directly once its code is there, else through React's lazy (suspending until loaded). An
   * instance keeps the way it started, so a load finishing meanwhile does not remount it.
   */
  readonly Component: (props: P & DeferredProps) => ReactNode;
  /** Fetches its code; resolves once it is there, rejects after the retries gave up. */
  readonly load: () => Promise<void>;
  /** Fetches its code ahead of use; a failure is left to that use. */
  readonly preload: () => void;
}

/**
 * A component whose code the page does not need before it is used. Its load is retried like the routes'
 * (it waits for a lost network), and `preload` lets the page fetch it while idle, so that its first use
 * seldom waits at all. A load that fails for good renders the instance's `unavailable` instead of throwing
 * to the route's error boundary (which would replace the whole page).
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  retry?: RetryOptions,
): Deferred<P> {
  let loaded: ComponentType<P & DeferredProps> | undefined;
  const loadOnce = retryingImport(
    () =>
      load().then((component) => {
        loaded ??= withoutDeferredProps(component);
        return loaded;
      }),
    retry,
  );
  // React keeps a lazy component's failure for good, so a failed one gives way to a new lazy for the
  // instances mounted after its failure was shown. Not at the failure itself: React mounts a suspended
  // instance again once its lazy settles, and that instance must keep the failed one (or it loops).
  const newLazy = (): ComponentType<P & DeferredProps> => {
    const made: ComponentType<P & DeferredProps> = lazy(() =>
      loadOnce().then(
        (component) => ({ default: component }),
        () => ({ default: unavailableFor(made) as ComponentType<P & DeferredProps> }),
      ),
    );
    return made;
  };
  const unavailableFor = (failed: ComponentType<P & DeferredProps>) =>
    function Unavailable({ unavailable }: DeferredProps) {
      useEffect(() => {
        if (current === failed) current = newLazy();
      }, []);
      return <>{unavailable}</>;
    };
  let current = newLazy();
  function Component(props: P & DeferredProps) {
    const [Chosen] = useState<ComponentType<P & DeferredProps>>(() => loaded ?? current);
    return <Chosen {...props} />;
  }
  return {
    Component,
    load: () => loadOnce().then(() => undefined),
    preload: () => void loadOnce().catch(() => undefined),
  };
}

function withoutDeferredProps<P extends object>(Loaded: ComponentType<P>): ComponentType<P & DeferredProps> {
  return function DeferredLoaded({ unavailable: _unavailable, ...props }: P & DeferredProps) {
    return <Loaded {...(props as P)} />;
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
 * renders the real menu, opened, in place of the lone button. `attempt` counts the requests: the caller
 * keys the deferred menu by it, so that the lone button shown when its code could not load tries again.
 */
export function useMenuOnRequest(): {
  readonly requested: boolean;
  readonly attempt: number;
  readonly triggerProps: MenuRequestProps;
} {
  const [attempt, setAttempt] = useState(0);
  const request = () => setAttempt((current) => current + 1);
  return {
    requested: attempt > 0,
    attempt,
    triggerProps: {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: request,
      onKeyDown: (event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        request();
      },
    },
  };
}
