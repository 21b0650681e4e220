/**
 * The chat API calls a real chat 1.8 deployment does not have: the wallet's balance, QR sign-in's wait and
 * the fuzzy user search. The client asks once and hides what answers 404; Chromium logs each such 404 as a
 * console error, which the browser tests allow for those calls only. One list for every configuration
 * that runs against such a deployment, so a new probe cannot be allowed in one and forgotten in another.
 */
const PROBED_CALLS = ['/app/user/balance/log/balance', '/qrlogin/wait', '/user/search/fuzzy'] as const;

/** The console-error fragments of those 404s, for a chat API served under `prefix` (e.g. '/chat'). */
export function capabilityProbe404s(prefix = ''): string[] {
  // Chromium's message ends with the address in parentheses: the closing one pins the path's end.
  return PROBED_CALLS.map((path) => `${prefix}${path})`);
}
