import type { SignInViewModel } from '@teamim/application';
import { useEffect, useReducer, useRef } from 'react';
import { useAppServices } from '../services';

/**
 * The sign-in screen's own view model, from the app services (there is no session yet): created on
 * first render, disposed on unmount. A remount (React's strict mode mounts twice) finds the first one
 * disposed and asks for a fresh one.
 */
export function useSignInViewModel(): SignInViewModel {
  const services = useAppServices();
  const ref = useRef<SignInViewModel>(undefined);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  ref.current ??= services.signIn();
  useEffect(() => {
    if (ref.current?.disposed === true) {
      ref.current = services.signIn();
      rerender();
    }
    const vm = ref.current;
    return () => vm?.dispose();
  }, [services]);
  return ref.current;
}
