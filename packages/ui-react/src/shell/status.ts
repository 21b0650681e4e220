import type { LoadState } from '@teamim/application';
import type { UiKey } from '../ui-messages';

/**
 * The status line of the shell (spec §4 "Connection and sync"): connection problems first, then the
 * sync state. Nothing is shown once connected and synced (or before anything started).
 */
export function connectionStatusKey(connection: LoadState, sync: LoadState): UiKey | undefined {
  if (connection === 'failed') return 'ui.state.connectFailed';
  if (connection === 'loading') return 'ui.state.connecting';
  if (sync === 'failed') return 'ui.state.syncFailed';
  if (sync === 'loading') return 'ui.state.syncing';
  return undefined;
}
