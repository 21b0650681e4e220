import type { SignInViewModel } from '@teamim/application';
import { useLocation } from 'react-router';
import { useAppServices } from '../services';
import { useOwnedViewModel } from '../view-model-lifetime';

/**
 * The sign-in screen's own view model, from the app services (there is no session yet), told which page
 * the route guard sent the browser here from (`routing/routes.tsx`), so that signing in can lead back.
 */
export function useSignInViewModel(): SignInViewModel {
  const services = useAppServices();
  const interrupted = (useLocation().state as { readonly from?: unknown } | null)?.from;
  return useOwnedViewModel(() => {
    const vm = services.signIn();
    vm.resumeAfterSignIn(interrupted);
    return vm;
    // The page it was sent from is read when the screen opens; the form outlives later history changes.
  }, [services]);
}
