import type { SessionServices } from './session-services';
import type { ViewModel } from './view-model';

/**
 * Creates the view models of the signed-in screens over one session's services. A view asks for its
 * view model when it mounts and disposes it when it unmounts; the scope disposes whatever is still
 * alive when the session closes.
 */
export class SessionViewModels {
  private readonly alive = new Set<ViewModel<unknown>>();

  constructor(readonly services: SessionServices) {}

  /** Registers a view model so that closing the session disposes it even if its view never unmounts. */
  protected track<V extends ViewModel<unknown>>(viewModel: V): V {
    this.alive.add(viewModel);
    // A disposed view model completes its state; that is when it stops counting as alive.
    viewModel.state$.subscribe({ complete: () => this.alive.delete(viewModel) });
    return viewModel;
  }

  /** How many view models are alive (for leak tests). */
  get aliveCount(): number {
    return this.alive.size;
  }

  dispose(): void {
    for (const viewModel of [...this.alive]) viewModel.dispose();
  }
}
