import { describe, expect, it } from 'vitest';
import { createOpenImPorts, type OpenImHandler, type OpenImSdk } from './index';

/** Just enough SDK for a session: login connects at once; every other call is recorded and answered. */
function recordingSdk(): { readonly sdk: OpenImSdk; readonly calls: string[] } {
  const calls: string[] = [];
  const handlers = new Set<{ readonly event: string; readonly handler: OpenImHandler }>();
  const target = {
    on: (event: string, handler: OpenImHandler) => void handlers.add({ event, handler }),
    off: (event: string, handler: OpenImHandler) => {
      for (const h of handlers) if (h.event === event && h.handler === handler) handlers.delete(h);
    },
  };
  const sdk = new Proxy(target, {
    get: (object, property) => {
      if (property === 'on' || property === 'off') return object[property];
      const name = String(property);
      return () => {
        calls.push(name);
        if (name === 'login') {
          queueMicrotask(() => {
            for (const h of [...handlers]) {
              if (h.event === 'OnConnectSuccess') h.handler({ data: undefined, errCode: 0, errMsg: '' });
            }
          });
        }
        return Promise.resolve({
          errCode: 0,
          errMsg: '',
          data: name === 'getTotalUnreadMsgCount' ? 3 : null,
        });
      };
    },
  }) as unknown as OpenImSdk;
  return { sdk, calls };
}

const CONFIG = { apiAddr: 'http://h/api', wsAddr: 'ws://h/ws', platformID: 5, connectTimeoutMs: 200 };

describe('calls after a logout', () => {
  it('are refused with the logged-out code and never reach the SDK, until the next login', async () => {
    const { sdk, calls } = recordingSdk();
    const ports = createOpenImPorts(sdk, CONFIG);
    await ports.session.login('alice', 'tok');
    await ports.conversations.setDraft('si_alice_bob', 'first');
    await ports.session.logout();

    // A chat closing after the sign-out stores its draft; a badge asks for the total.
    await expect(ports.conversations.setDraft('si_alice_bob', 'late')).rejects.toMatchObject({
      code: 10101,
    });
    await expect(ports.conversations.getTotalUnread()).rejects.toMatchObject({ code: 10101 });
    expect(calls).toEqual(['login', 'setConversationDraft', 'logout']);

    await ports.session.login('alice', 'tok');
    await expect(ports.conversations.getTotalUnread()).resolves.toBe(3);
    expect(calls.slice(3)).toEqual(['login', 'getTotalUnreadMsgCount']);
  });
});
