import type { SignInViewModel } from '@teamim/application';
import { useAppServices } from '../services';
import { useOwnedViewModel } from '../view-model-lifetime';

/** The sign-in screen's own view model, from the app services (there is no session yet). */
export function useSignInViewModel(): SignInViewModel {
  const services = useAppServices();
  return useOwnedViewModel(() => services.signIn(), [services]);
}
