import { StateViewModel } from '../view-model';
import type { Updater, UpdateStatus } from '../../ports/desktop.port';

export interface UpdateBannerState {
  readonly update: UpdateStatus;
  /** The banner shows for an available, downloading or downloaded update. */
  readonly visible: boolean;
  /** "Restart to update" is offered only once the download is complete. */
  readonly canRestart: boolean;
  /** About's "check for updates" is offered when a check can start. */
  readonly canCheck: boolean;
}

const SHOWN: ReadonlySet<UpdateStatus['status']> = new Set(['available', 'downloading', 'ready']);
const CHECKABLE: ReadonlySet<UpdateStatus['status']> = new Set(['idle', 'not-available', 'error']);

function derive(update: UpdateStatus): UpdateBannerState {
  return {
    update,
    visible: SHOWN.has(update.status),
    canRestart: update.status === 'ready',
    canCheck: CHECKABLE.has(update.status),
  };
}

/** The update banner and About's update controls. */
export class UpdateBannerViewModel extends StateViewModel<UpdateBannerState> {
  constructor(private readonly updater: Updater) {
    super(derive({ status: 'idle' }));
    this.own(updater.state$.subscribe((update) => this.set(derive(update))));
  }

  async check(): Promise<void> {
    if (this.state.canCheck) await this.updater.check();
  }

  async restart(): Promise<void> {
    if (this.state.canRestart) await this.updater.install();
  }
}
