import { describe, expect, it } from 'vitest';
import { knownSdkWorkerError, OPENIM_COMPAT_PROJECT } from './sdk-worker-errors';

// Lines as fixtures.ts records them: time, context, console type, text, and the logging script in brackets.
const WORKER = 'http://127.0.0.1:41234/assets/worker-BAevgvBN.js';
const OUR_CHUNK = 'http://127.0.0.1:41234/assets/signed-in-C2x9aQ1b.js';
const NULL_MAP = "TypeError: Cannot read properties of null (reading 'map')";

const line = (text: string, source: string) => ({
  text: `812 ms context 1 error: ${text} (${source})`,
  source,
});
const stack = (source: string) => `${NULL_MAP}\n    at ${source}:1:220136`;

describe('the SDK worker errors the browser tests tolerate', () => {
  it('the null-list TypeError of the SDK worker, against the server answering as a real OpenIM', () => {
    expect(knownSdkWorkerError(line(stack(WORKER), WORKER), OPENIM_COMPAT_PROJECT)).toBeDefined();
    // Unbundled, the worker is the package's own file.
    const unbundled = 'http://localhost:5173/node_modules/@openim/wasm-client-sdk/lib/worker.js';
    expect(knownSdkWorkerError(line(stack(unbundled), unbundled), OPENIM_COMPAT_PROJECT)).toBeDefined();
  });

  it('the same words from our own code are a failure', () => {
    expect(knownSdkWorkerError(line(stack(OUR_CHUNK), OUR_CHUNK), OPENIM_COMPAT_PROJECT)).toBeUndefined();
    expect(
      knownSdkWorkerError(
        { text: `812 ms context 1 pageerror: ${NULL_MAP}`, source: '' },
        OPENIM_COMPAT_PROJECT,
      ),
    ).toBeUndefined();
  });

  it('against our own server, which answers an empty list with [], the same worker line is a failure', () => {
    expect(knownSdkWorkerError(line(stack(WORKER), WORKER), 'default')).toBeUndefined();
  });

  it('another TypeError of the worker is a failure', () => {
    const other = "TypeError: Cannot read properties of undefined (reading 'length')";
    expect(knownSdkWorkerError(line(other, WORKER), OPENIM_COMPAT_PROJECT)).toBeUndefined();
  });

  it("the worker's SQLite races are tolerated in every project", () => {
    const race = 'Error: UNIQUE constraint failed: local_friends.owner_user_id, local_friends.friend_user_id';
    for (const project of ['default', OPENIM_COMPAT_PROJECT]) {
      expect(knownSdkWorkerError(line(race, WORKER), project)).toBeDefined();
    }
    expect(
      knownSdkWorkerError(line('Error: no such table: local_friends', WORKER), 'default'),
    ).toBeUndefined();
  });

  it("a sent message's status update that found its row already stored from the push: the worker's only", () => {
    const update = 'updateMessageTimeAndStatus no record updated';
    expect(knownSdkWorkerError(line(update, WORKER), 'default')).toBeDefined();
    expect(knownSdkWorkerError(line(update, OUR_CHUNK), 'default')).toBeUndefined();
  });
});
