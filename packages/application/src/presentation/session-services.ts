import type { BoundSessionServices } from '../di/session-bindings';

/**
 * The services of one signed-in user, and the few ports its view models use, under the names
 * `SESSION_BINDINGS` (`di/session-bindings.ts`) declares them. They are created together when a session
 * scope opens and disposed together when it closes, so nothing of one user's session can leak into the
 * next one.
 */
export type SessionServices = BoundSessionServices;
