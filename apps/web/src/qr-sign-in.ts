import {
  QrConfirmViewModel,
  QrSignInAvailabilityStore,
  QrSignInViewModel,
  type Clock,
  type SessionStore,
  type SessionStarter,
} from '@teamim/application';
import type { ChatApiError } from '@teamim/adapters-http';
import { describeUserAgent } from '@teamim/domain';
import type { QrSignInServices } from '@teamim/ui-react';
import { defer } from 'rxjs';
import { createHttpQrSignInApis } from './account-api';
import type { ClientConfig } from './config';

export interface QrSignInDeps {
  readonly config: ClientConfig;
  readonly sessionStore: SessionStore;
  /** The sign-in page's: keeps the credentials where the shell's bootstrap reads them. */
  readonly session: SessionStarter;
  readonly clock: Clock;
  readonly onLoginExpired: (error: ChatApiError) => void;
}

/**
 * Sign-in by QR code for the web root, loaded with a dynamic import (its view models and the HTTP
 * adapters are not needed to paint the sign-in page): the QR tab's view model, the confirming dialog's,
 * and whether the deployment has the calls, asked by whoever first shows the feature.
 */
export function createQrSignInServices(deps: QrSignInDeps): QrSignInServices {
  const apis = createHttpQrSignInApis(deps.config, deps.sessionStore, deps.onLoginExpired);
  const availability = new QrSignInAvailabilityStore(apis.waitingPage);
  return {
    availability$: defer(() => {
      void availability.detect();
      return availability.state$;
    }),
    waitingPage: () =>
      new QrSignInViewModel({
        api: apis.waitingPage,
        session: deps.session,
        clock: deps.clock,
        availability,
        appBaseUrl: new URL(import.meta.env.BASE_URL, window.location.origin).href,
        deviceName: describeUserAgent(navigator.userAgent),
      }),
    confirm: (code) => new QrConfirmViewModel(code, apis.confirmingDevice, deps.clock),
  };
}
