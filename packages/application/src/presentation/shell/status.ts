import type { LoadState } from '../../session/session.service';

/** What the shell's status line says; the view chooses the words. */
export type ConnectionStatus = 'connectFailed' | 'connecting' | 'syncFailed' | 'syncing';

/**
 * The status line of the shell (spec §4 "Connection and sync"): connection problems first, then the
 * sync state. Nothing is shown once connected and synced (or before anything started).
 */
export function connectionStatus(connection: LoadState, sync: LoadState): ConnectionStatus | undefined {
  if (connection === 'failed') return 'connectFailed';
  if (connection === 'loading') return 'connecting';
  if (sync === 'failed') return 'syncFailed';
  if (sync === 'loading') return 'syncing';
  return undefined;
}
