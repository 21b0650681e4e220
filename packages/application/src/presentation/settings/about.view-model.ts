import { APP_VERSION, SDK_VERSION } from '@teamim/domain';
import type { Notifier } from '../../ports/notifier.port';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface AboutState {
  readonly productName: string;
  readonly version: string;
  readonly sdkVersion: string;
  /** What a click copies: both versions on one line. */
  readonly copyText: string;
}

/** The product's name as shown in About (the app's title). */
export const PRODUCT_NAME = 'TeamIM';

/** About (spec §2, §9): product name, version v3.8.3 and the SDK version; click to copy, with a toast. */
export class AboutViewModel extends StateViewModel<AboutState> {
  constructor(private readonly notifier: Notifier) {
    super({
      productName: PRODUCT_NAME,
      version: APP_VERSION,
      sdkVersion: SDK_VERSION,
      copyText: `${PRODUCT_NAME} ${APP_VERSION} (SDK ${SDK_VERSION})`,
    });
  }

  /** Copies the versions through `write` (the clipboard) and raises the copy toast (spec §8). */
  async copy(write: (text: string) => Promise<void>): Promise<boolean> {
    try {
      await write(this.state.copyText);
      this.notifier.notify({ level: 'success', key: 'toast.copySuccess' });
      return true;
    } catch {
      this.notifier.notify({ level: 'error', key: 'toast.copyFailed' });
      return false;
    }
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const aboutViewModel = viewModelFactory((s) => new AboutViewModel(s.notifier));
