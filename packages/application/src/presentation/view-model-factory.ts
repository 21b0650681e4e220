import type { SessionServices } from './session-services';
import type { ViewModel } from './view-model';

declare const builtBySession: unique symbol;

/**
 * How one view model is built over the session's services. Its feature exports it beside the class
 * (`balanceViewModel` beside `BalanceViewModel`) and the views that show it import it, so the view
 * model's code loads with those views (a lazily loaded chunk), not with the session: only the view
 * models of the conversation list and of what listens from the session's start (the call overlay) are
 * methods of `SessionViewModels`. Views hand it to `SessionViewModels.build` (through `useViewModel`) and
 * never see the services; only the application can make one (`viewModelFactory` is not exported).
 */
export interface ViewModelFactory<V extends ViewModel<unknown>, A extends readonly unknown[] = []> {
  readonly [builtBySession]: true;
  readonly create: (services: SessionServices, ...args: A) => V;
}

export function viewModelFactory<V extends ViewModel<unknown>, A extends readonly unknown[] = []>(
  create: (services: SessionServices, ...args: A) => V,
): ViewModelFactory<V, A> {
  return { create } as ViewModelFactory<V, A>;
}
