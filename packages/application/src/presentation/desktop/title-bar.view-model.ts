import { StateViewModel } from '../view-model';
import type { WindowControls } from '../../ports/desktop.port';

export interface TitleBarState {
  /** False on macOS, where the native traffic lights stay (spec §2), and until the shell has answered. */
  readonly ownControls: boolean;
  readonly maximized: boolean;
}

/** The frameless window's title bar: minimize, maximize/restore and close. */
export class TitleBarViewModel extends StateViewModel<TitleBarState> {
  constructor(private readonly controls: WindowControls) {
    super({ ownControls: false, maximized: false });
    this.own(controls.maximized$.subscribe((maximized) => this.patch({ maximized })));
    void controls.info().then(
      (info) => this.patch({ ownControls: info.os !== 'macos' }),
      // Without the shell's answer the native frame is all there is; showing no controls is the safe side.
      () => undefined,
    );
  }

  minimize(): Promise<void> {
    return this.controls.minimize();
  }

  async toggleMaximize(): Promise<void> {
    this.patch({ maximized: await this.controls.toggleMaximize() });
  }

  close(): Promise<void> {
    return this.controls.close();
  }
}
