import { describe, expect, it } from 'vitest';
import type { LoadState } from '../../session/session.service';
import { connectionStatus } from './status';

// Mutation testing found the shell's status line untested in this package (docs/test-quality.md).
describe('connectionStatus (spec §4 "Connection and sync")', () => {
  const states: readonly LoadState[] = ['idle', 'loading', 'success', 'failed'];

  it('says the connection problem first, whatever the sync state', () => {
    for (const sync of states) {
      expect(connectionStatus('failed', sync)).toBe('connectFailed');
      expect(connectionStatus('loading', sync)).toBe('connecting');
    }
  });

  it('then the sync state, once the connection is not failing or loading', () => {
    for (const connection of ['idle', 'success'] as const) {
      expect(connectionStatus(connection, 'failed')).toBe('syncFailed');
      expect(connectionStatus(connection, 'loading')).toBe('syncing');
      expect(connectionStatus(connection, 'success')).toBeUndefined();
      expect(connectionStatus(connection, 'idle')).toBeUndefined();
    }
  });
});
