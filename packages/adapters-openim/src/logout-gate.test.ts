import { describe, expect, it, vi } from 'vitest';
import { createOpenImPorts, type OpenImHandler, type OpenImSdk } from './index';
import { LOGOUT_DRAIN_MS } from './logout-gate';

/** Just enough SDK for a session: login connects at once; every other call is recorded and answered. */
function recordingSdk(): {
  readonly sdk: OpenImSdk;
  readonly calls: string[];
  readonly held: Map<string, (value: unknown) => void>;
} {
  const calls: string[] = [];
  // Methods named here answer only when the test resolves them.
  const held = new Map<string, (value: unknown) => void>();
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
        if (held.has(name)) {
          return new Promise((resolve) =>
            held.set(name, () => resolve({ errCode: 0, errMsg: '', data: null })),
          );
        }
        return Promise.resolve({
          errCode: 0,
          errMsg: '',
          data: name === 'getTotalUnreadMsgCount' ? 3 : null,
        });
      };
    },
  }) as unknown as OpenImSdk;
  return { sdk, calls, held };
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

  it('wait for the calls already under way before the SDK closes the database, but not for ever', async () => {
    const { sdk, calls, held } = recordingSdk();
    const ports = createOpenImPorts(sdk, CONFIG);
    await ports.session.login('alice', 'tok');
    held.set('getFriendListPage', () => undefined);
    const friends = ports.contacts.getFriendsPage(0, 100);
    const loggedOut = ports.session.logout();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The friend list is still being read: the SDK has not been told to log out yet.
    expect(calls).toEqual(['login', 'getFriendListPage']);

    held.get('getFriendListPage')?.(undefined);
    await friends;
    await loggedOut;
    expect(calls).toEqual(['login', 'getFriendListPage', 'logout']);
  });

  it('give up waiting for a call that never answers after the drain time', async () => {
    vi.useFakeTimers();
    try {
      const { sdk, calls, held } = recordingSdk();
      const ports = createOpenImPorts(sdk, CONFIG);
      const login = ports.session.login('alice', 'tok');
      await vi.advanceTimersByTimeAsync(0);
      await login;
      held.set('getFriendListPage', () => undefined);
      void ports.contacts.getFriendsPage(0, 100);
      const loggedOut = ports.session.logout();
      await vi.advanceTimersByTimeAsync(LOGOUT_DRAIN_MS - 1);
      expect(calls).not.toContain('logout');
      await vi.advanceTimersByTimeAsync(1);
      await loggedOut;
      expect(calls.at(-1)).toBe('logout');
    } finally {
      vi.useRealTimers();
    }
  });
});
