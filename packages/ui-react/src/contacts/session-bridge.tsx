import { Clock, SessionViewModels, type SessionServices } from '@teamim/application';
import { useContext, useMemo, type ReactNode } from 'react';
import { asyncScheduler } from 'rxjs';
import { useSignedIn } from '../services';
import { SessionViewModelsContext } from '../session';

class LocalClock extends Clock {
  readonly scheduler = asyncScheduler;
  now(): number {
    return Date.now();
  }
  utcOffsetMinutes(atMs: number): number {
    return -new Date(atMs).getTimezoneOffset();
  }
}

/**
 * Gives the contact views their view models while the shell does not provide the session's own
 * factories yet (the lead's session wiring replaces this: with a provided context it passes through).
 */
export function ContactViewModelsBridge({ children }: { readonly children: ReactNode }) {
  const provided = useContext(SessionViewModelsContext);
  if (provided !== undefined) return <>{children}</>;
  return <FromSignedIn>{children}</FromSignedIn>;
}

function FromSignedIn({ children }: { readonly children: ReactNode }) {
  const services = useSignedIn();
  const viewModels = useMemo(
    // Only the contact factories are used through this bridge; they need no wallet or calls.
    () => new SessionViewModels({ ...services, clock: new LocalClock() } as unknown as SessionServices),
    [services],
  );
  return <SessionViewModelsContext.Provider value={viewModels}>{children}</SessionViewModelsContext.Provider>;
}
