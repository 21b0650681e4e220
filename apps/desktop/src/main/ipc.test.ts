import { describe, expect, it } from 'vitest';
import { buildDesktopApi, type DesktopApi } from '../shared/desktop-api';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../shared/ipc-contract';
import { registerIpc, type IpcHandlers } from './ipc';
import { FakeIpcMain } from './test-support/fakes';

const APP = 'app://teamim/chat';

function recordingHandlers(calls: { channel: string; args: unknown[] }[]): IpcHandlers {
  const record =
    <R>(channel: string, result: R) =>
    (...args: unknown[]): R => {
      calls.push({ channel, args });
      return result;
    };
  return {
    'app:info': record('app:info', { version: '0.1.0', os: 'linux' as const, platformId: 7 }),
    'window:minimize': record('window:minimize', undefined),
    'window:toggle-maximize': record('window:toggle-maximize', true),
    'window:close': record('window:close', undefined),
    'window:is-maximized': record('window:is-maximized', false),
    'settings:get-close-action': record('settings:get-close-action', 'miniSize' as const),
    'settings:set-close-action': record('settings:set-close-action', undefined),
    'settings:get-language': record('settings:get-language', null),
    'settings:set-language': record('settings:set-language', undefined),
    'tray:set-unread': record('tray:set-unread', undefined),
    'notify:message': record('notify:message', true),
    'call:set-active': record('call:set-active', undefined),
    'logs:write': record('logs:write', undefined),
    'logs:tail': record('logs:tail', { text: 'a\n', lines: 1 }),
    'update:check': record('update:check', undefined),
    'update:install': record('update:install', undefined),
    'update:get-state': record('update:get-state', { status: 'idle' as const }),
    'shell:open-external': record('shell:open-external', undefined),
  };
}

function setup(handlers?: IpcHandlers) {
  const calls: { channel: string; args: unknown[] }[] = [];
  const ipc = new FakeIpcMain();
  registerIpc(ipc, handlers ?? recordingHandlers(calls), (url) => url.startsWith('app://teamim/'));
  return { ipc, calls };
}

describe('registerIpc', () => {
  it('registers exactly the contract channels', () => {
    const { ipc } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('passes valid calls through and returns the validated result', async () => {
    const { ipc, calls } = setup();
    await expect(ipc.invoke('settings:set-close-action', APP, 'quit')).resolves.toBeUndefined();
    await expect(ipc.invoke('logs:tail', APP, 10_000)).resolves.toEqual({ text: 'a\n', lines: 1 });
    await ipc.invoke('notify:message', APP, { conversationId: 'si_1_2', title: 'Ann', body: 'hi' });
    expect(calls.map((call) => call.channel)).toEqual([
      'settings:set-close-action',
      'logs:tail',
      'notify:message',
    ]);
  });

  it.each([
    ['settings:set-close-action', ['close']],
    ['settings:set-close-action', []],
    ['settings:set-language', ['fr-FR']],
    ['tray:set-unread', [-1]],
    ['tray:set-unread', [1.5]],
    ['tray:set-unread', ['3']],
    ['logs:tail', [0]],
    ['logs:tail', [10_001]],
    ['logs:write', ['trace', 'x']],
    ['logs:write', ['info', 'x'.repeat(10_001)]],
    ['call:set-active', ['yes']],
    ['notify:message', [{ conversationId: '', title: 't', body: 'b' }]],
    ['notify:message', [{ conversationId: 'c', title: 't', body: 'b', icon: 'file:///etc/passwd' }]],
    ['shell:open-external', ['file:///etc/passwd']],
    ['shell:open-external', ['javascript:alert(1)']],
    ['window:minimize', ['extra']],
  ])('rejects %s with arguments %j before the handler runs', async (channel, args) => {
    const { ipc, calls } = setup();
    await expect(ipc.invoke(channel, APP, ...args)).rejects.toThrow(/invalid arguments/);
    expect(calls).toEqual([]);
  });

  it('rejects calls from frames outside the app origin', async () => {
    const { ipc, calls } = setup();
    await expect(ipc.invoke('window:minimize', 'https://evil.example/')).rejects.toThrow(/sender/);
    await expect(ipc.invoke('window:minimize', null)).rejects.toThrow(/sender/);
    expect(calls).toEqual([]);
  });

  it('refuses to return a result the contract does not allow', async () => {
    const handlers = { ...recordingHandlers([]), 'logs:tail': () => ({ text: 1, lines: -1 }) };
    const { ipc } = setup(handlers as unknown as IpcHandlers);
    await expect(ipc.invoke('logs:tail', APP, 5)).rejects.toThrow(/invalid result/);
  });
});

describe('buildDesktopApi (what the preload exposes)', () => {
  function build() {
    const invoked: { channel: string; args: unknown[] }[] = [];
    const subscribed: string[] = [];
    const api = buildDesktopApi(
      (channel, ...args) => {
        invoked.push({ channel, args });
        return Promise.resolve(undefined as never);
      },
      (channel) => {
        subscribed.push(channel);
        return () => undefined;
      },
    );
    return { api, invoked, subscribed };
  }

  it('offers one function per invoke channel and one subscription per event channel, nothing else', async () => {
    const { api, invoked, subscribed } = build();
    const functions = Object.values(api as unknown as Record<string, Record<string, unknown>>).flatMap(
      (group) => Object.values(group),
    );
    expect(functions.every((fn) => typeof fn === 'function')).toBe(true);
    expect(functions).toHaveLength(INVOKE_CHANNELS.length + EVENT_CHANNELS.length);
    const sample: Parameters<DesktopApi['notifications']['showMessage']>[0] = {
      conversationId: 'c',
      title: 't',
      body: 'b',
    };
    for (const fn of functions as ((...args: unknown[]) => unknown)[]) {
      const result = fn.length === 0 ? fn() : fn(sample);
      if (result instanceof Promise) await result;
    }
    expect(new Set(invoked.map((call) => call.channel))).toEqual(new Set(INVOKE_CHANNELS));
    expect(new Set(subscribed)).toEqual(new Set(EVENT_CHANNELS));
  });

  it('forwards arguments unchanged', async () => {
    const { api, invoked } = build();
    await api.logs.write('warn', 'disk almost full');
    await api.tray.setUnread(3);
    expect(invoked).toEqual([
      { channel: 'logs:write', args: ['warn', 'disk almost full'] },
      { channel: 'tray:set-unread', args: [3] },
    ]);
  });
});
