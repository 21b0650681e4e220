import type { UpdateStatus } from '@teamim/application';
import type { MessageParams } from '@teamim/domain';
import type { UiKey } from '../ui-messages';

/** The sentence describing an update state, as a UI key and its parameters. */
export function updateText(update: UpdateStatus): { key: UiKey; params?: MessageParams } | undefined {
  switch (update.status) {
    case 'available':
      return { key: 'ui.desktop.update.available', params: { version: update.version } };
    case 'downloading':
      return {
        key: 'ui.desktop.update.downloading',
        params: { version: update.version, percent: Math.round(update.percent) },
      };
    case 'ready':
      return { key: 'ui.desktop.update.ready', params: { version: update.version } };
    case 'checking':
      return { key: 'ui.desktop.update.checking' };
    case 'not-available':
      return { key: 'ui.desktop.update.upToDate' };
    case 'error':
      return { key: 'ui.desktop.update.failed', params: { message: update.message } };
    case 'disabled':
      return { key: 'ui.desktop.update.disabled' };
    case 'idle':
      return undefined;
  }
}
