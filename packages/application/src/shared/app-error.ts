import type { PermissionError, ValidationError } from '@teamim/domain';
import type { RemoteFailure } from './remote-error';

/** The action does not apply in the current state (e.g. nothing open, message not in the list). */
export interface StateFailure {
  readonly kind: 'state';
  readonly reason: string;
}

/**
 * Every expected failure a use case returns: a broken validation rule (spec §5), a missing permission
 * (spec §6), a remote failure with its server code (spec §8) or an action that does not fit the state.
 */
export type AppError = RemoteFailure | ValidationError | PermissionError | StateFailure;

export const stateFailure = (reason: string): StateFailure => ({ kind: 'state', reason });
