import { CloseAction, DEFAULT_CLOSE_ACTION } from '@teamim/domain';
import { StateViewModel } from '../view-model';
import type { CloseActionSettings } from '../../ports/desktop.port';

export interface CloseActionState {
  readonly action: CloseAction;
  readonly options: readonly CloseAction[];
  readonly loaded: boolean;
  readonly saving: boolean;
  /** The last save failed; the previous choice is shown again. */
  readonly failed: boolean;
}

/** Account settings' close-button action (desktop only): minimize to the tray (default) or quit. */
export class CloseActionViewModel extends StateViewModel<CloseActionState> {
  constructor(private readonly settings: CloseActionSettings) {
    super({
      action: DEFAULT_CLOSE_ACTION,
      options: [CloseAction.MiniSize, CloseAction.Quit],
      loaded: false,
      saving: false,
      failed: false,
    });
    void settings.get().then(
      (action) => this.patch({ action, loaded: true }),
      () => this.patch({ loaded: true }),
    );
  }

  /** Saves the choice; resolves whether it was saved. */
  async choose(action: CloseAction): Promise<boolean> {
    const previous = this.state.action;
    if (this.state.saving) return false;
    if (action === previous) return true;
    this.patch({ action, saving: true, failed: false });
    try {
      await this.settings.set(action);
      this.patch({ saving: false });
      return true;
    } catch {
      this.patch({ action: previous, saving: false, failed: true });
      return false;
    }
  }
}
