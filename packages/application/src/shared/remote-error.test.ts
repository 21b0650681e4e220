import { describe, expect, it } from 'vitest';
import { err, ok } from '@teamim/domain';
import { attempt, MISSING_ROUTE_CODE, RemoteError, toRemoteFailure } from './remote-error';

describe('remote failures: what a use case returns when a port call fails', () => {
  it('a RemoteError keeps its code and message and names itself in logs', () => {
    const error = new RemoteError(1004, 'record not found');
    expect(error.name).toBe('RemoteError');
    expect(String(error)).toBe('RemoteError: record not found');
    expect(toRemoteFailure(error)).toEqual({ kind: 'remote', code: 1004, message: 'record not found' });
  });

  it('anything else thrown becomes code -1 with its message', () => {
    expect(toRemoteFailure(new TypeError('fetch failed'))).toEqual({
      kind: 'remote',
      code: -1,
      message: 'fetch failed',
    });
    expect(toRemoteFailure('timeout')).toEqual({ kind: 'remote', code: -1, message: 'timeout' });
  });

  it('the missing-route code is negative, so no server errCode collides with it', () => {
    expect(MISSING_ROUTE_CODE).toBe(-1004);
  });

  it('attempt returns the value, or the failure instead of throwing', async () => {
    expect(await attempt(() => Promise.resolve(7))).toEqual(ok(7));
    expect(await attempt(() => Promise.reject(new RemoteError(MISSING_ROUTE_CODE, 'Not Found')))).toEqual(
      err({ kind: 'remote', code: -1004, message: 'Not Found' }),
    );
  });
});
